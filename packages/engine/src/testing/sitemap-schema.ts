import { readFile } from 'node:fs/promises';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

// Both sitemap schemas share one namespace, so the root element decides which one applies.
const SCHEMA_FILES = ['sitemap.xsd', 'siteindex.xsd', 'sitemap-image.xsd'] as const;

// xmllint takes one schema; this one pulls in the urlset schema and the image extension, so the
// urlset's strict `xsd:any` has the image elements to check against.
const URLSET_WITH_IMAGES: XMLFileInfo = {
  fileName: 'urlset-with-images.xsd',
  contents: `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
  <xsd:import namespace="http://www.google.com/schemas/sitemap-image/1.1" schemaLocation="sitemap-image.xsd"/>
</xsd:schema>
`,
};

let schemas: Promise<XMLFileInfo[]> | null = null;
const loadSchemas = () => {
  schemas ??= Promise.all(
    SCHEMA_FILES.map(async (fileName) => ({
      fileName,
      contents: await readFile(new URL(`../sitemap/schemas/${fileName}`, import.meta.url), 'utf8'),
    })),
  );
  return schemas;
};

/**
 * Validates a sitemap against the published schemas: a `<urlset>` against sitemaps.org's
 * sitemap.xsd with Google's image extension, a `<sitemapindex>` against siteindex.xsd.
 * A document that is not well-formed, or has another root, is invalid too. For tests only.
 */
export async function validateSitemap(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const root = rootElement(xml);
  if (root !== 'urlset' && root !== 'sitemapindex')
    return {
      valid: false,
      errors: [`The root element is ${root ?? 'missing'}, not urlset or sitemapindex.`],
    };
  const [sitemap, siteindex, image] = await loadSchemas();
  const options =
    root === 'urlset'
      ? { schema: URLSET_WITH_IMAGES, preload: [sitemap!, image!] }
      : { schema: siteindex!, preload: [] };
  try {
    const result = await validateXML({ xml: { fileName: 'sitemap.xml', contents: xml }, ...options });
    return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
  } catch (error) {
    // xmllint exits with 1 when the document cannot be parsed; other codes are faults of ours.
    if ((error as { code?: number }).code !== 1) throw error;
    return { valid: false, errors: (error as Error).message.split('\n').filter((line) => line.trim()) };
  }
}

function rootElement(xml: string): string | null {
  const withoutProlog = xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g, '');
  const name = /<([^\s/>]+)/.exec(withoutProlog)?.[1];
  return name ? name.slice(name.indexOf(':') + 1) : null;
}
