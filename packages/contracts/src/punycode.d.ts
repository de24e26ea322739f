// punycode.js (CommonJS, no types of its own): the two conversions of international host names.
declare module 'punycode/punycode.js' {
  const punycode: { toUnicode(domain: string): string; toASCII(domain: string): string };
  export default punycode;
}
