/**
 * Whether a URL's path plus query matches any of the patterns, read as robots.txt rules read them:
 * `*` stands for any characters, a final `$` anchors at the end, and otherwise a pattern matches
 * the paths that start with it (`/blog` matches `/blog/post` and `/blog?page=2`). Matching is
 * case-sensitive; a pattern without a leading `/` or `*` gets one, and blank patterns match nothing.
 */
export function excludedByPattern(url: string, patterns: readonly string[]): boolean {
  const target = normaliseEncoding(pathAndQuery(url));
  return patterns.some((raw) => {
    const trimmed = raw.trim();
    if (!trimmed) return false;
    const pattern = /^[/*]/.test(trimmed) ? trimmed : `/${trimmed}`;
    return matchesRule(normaliseEncoding(pattern), target);
  });
}

function pathAndQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

// `/café` and `/caf%c3%a9` must meet the parsed URL's `/caf%C3%A9`.
function normaliseEncoding(text: string): string {
  return text
    .replace(/[^\x21-\x7e]/gu, (char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return char; // a lone surrogate has no UTF-8 form; leave it to match itself
      }
    })
    .replace(/%[0-9a-f]{2}/gi, (percent) => percent.toUpperCase());
}

/**
 * Google's robots.txt matching (github.com/google/robotstxt, `Matches`): it tracks every prefix
 * length the pattern can have consumed so far, so patterns full of `*` stay linear in the path
 * instead of backtracking the way a `.*` regular expression can.
 */
function matchesRule(pattern: string, path: string): boolean {
  let lengths = [0];
  for (let p = 0; p < pattern.length; p++) {
    const char = pattern[p];
    if (char === '$' && p === pattern.length - 1) return lengths.includes(path.length);
    if (char === '*') {
      const shortest = lengths[0]!;
      lengths = Array.from({ length: path.length - shortest + 1 }, (_, i) => shortest + i);
    } else {
      lengths = lengths.filter((length) => path[length] === char).map((length) => length + 1);
      if (lengths.length === 0) return false;
    }
  }
  return true;
}
