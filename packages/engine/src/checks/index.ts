import { adsTxt } from './ads-txt';
import { aiCrawlerAccess } from './ai-crawler-access';
import { canonicalTag } from './canonical-tag';
import { commonKeywordsUsage } from './common-keywords-usage';
import { crawlableAnchors } from './crawlable-anchors';
import type { Check } from './define-check';
import { disallowDirective } from './disallow-directive';
import { hsts } from './hsts';
import { httpRedirects } from './http-redirects';
import { httpStatusCode } from './http-status-code';
import { imageAlt } from './image-alt';
import { imageDimensions } from './image-dimensions';
import { keywordsCloud } from './keywords-cloud';
import { linkText } from './link-text';
import { llmsTxt } from './llms-txt';
import { metaTitle } from './meta-title';
import { mixedContent } from './mixed-content';
import { nofollowTags } from './nofollow-tags';
import { noindexTags } from './noindex-tags';
import { plaintextEmails } from './plaintext-emails';
import { renderBlockingResources } from './render-blocking-resources';
import { robotsTxt } from './robots-txt';
import { securityHeaders } from './security-headers';
import { seoFriendlyUrl } from './seo-friendly-url';
import { serverSignature } from './server-signature';
import { structuredData } from './structured-data';
import { unsafeCrossOriginLinks } from './unsafe-cross-origin-links';
import { viewport } from './viewport';
import { webVitalsTtfb } from './web-vitals-ttfb';

/**
 * Every check of the catalogue. The registry test fails when a check file is missing here or its
 * key differs from its file name, so add a check's import in the same commit as its file.
 */
export const allChecks: readonly Check[] = [
  adsTxt,
  aiCrawlerAccess,
  canonicalTag,
  commonKeywordsUsage,
  crawlableAnchors,
  disallowDirective,
  hsts,
  httpRedirects,
  httpStatusCode,
  imageAlt,
  imageDimensions,
  keywordsCloud,
  linkText,
  llmsTxt,
  metaTitle,
  mixedContent,
  nofollowTags,
  noindexTags,
  plaintextEmails,
  renderBlockingResources,
  robotsTxt,
  securityHeaders,
  seoFriendlyUrl,
  serverSignature,
  structuredData,
  unsafeCrossOriginLinks,
  viewport,
  webVitalsTtfb,
];
