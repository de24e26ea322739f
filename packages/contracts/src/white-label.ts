import { z } from 'zod';

/** White-label reports (spec 2.9, 3 "Report template", 5, 7.5, 9): templates and the branded PDF. */
export const WHITE_LABEL_LIMITS = {
  /** The largest logo file, in bytes (1 MiB). */
  logoBytes: 1_048_576,
  /** Logos are rescaled to this height, in pixels. */
  logoHeight: 70,
  /** Header and footer lines, in characters. */
  textMax: 144,
  /** Template names, in characters. */
  nameMax: 100,
  /** The file name extensions a logo may have. */
  logoExtensions: ['png', 'gif', 'jpg', 'jpeg'],
} as const;

export const WHITE_LABEL_MESSAGES = {
  disabled: 'This feature is disabled for your current plan!',
  required: 'This field is required',
  fileType: 'This file type is not accepted',
  logoTooLarge: 'Logo must be smaller than 1Mb!',
  textTooLong: `At most ${WHITE_LABEL_LIMITS.textMax} characters`,
  nameTooLong: `At most ${WHITE_LABEL_LIMITS.nameMax} characters`,
  saved: 'Successfully saved your template',
  saveFailed: 'Something went wrong',
  noTemplates: 'You have no saved templates',
  noUrls: 'No urls found for this domain',
  selectReport: 'Please select a saved report',
  unknownTemplate: 'Unknown template',
  defaultNotEditable: 'The default template cannot be changed',
  noReport: 'No saved report was found for this URL',
} as const;

/** The built-in template: the report without a logo, header or footer of yours; it cannot be edited. */
export const DEFAULT_TEMPLATE_GUID = 'default';
export const TEMPLATE_ENGINE_VERSION = '1.0.0';
export const TEMPLATE_THEME = 'default';

/** Header and footer: plain text, one line each; whatever they hold is shown as text, never as markup. */
const BrandingTextSchema = z
  .string()
  .trim()
  .max(WHITE_LABEL_LIMITS.textMax, { error: WHITE_LABEL_MESSAGES.textTooLong })
  .default('');

export const TemplateContentBlocksSchema = z.object({
  header: BrandingTextSchema,
  footer: BrandingTextSchema,
});
export type TemplateContentBlocks = z.infer<typeof TemplateContentBlocksSchema>;

/**
 * The logo as the editor reads it: a data URL (`data:image/png;base64,…`) of the file; the server
 * takes the type from the file's bytes and refuses one that does not match the name. 1 MiB of file
 * is at most 1,398,104 base64 characters; a longer string is refused before it is decoded.
 */
export const TemplateLogoSchema = z
  .string()
  .max(1_400_000, { error: WHITE_LABEL_MESSAGES.logoTooLarge })
  .regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=\s]*$/, { error: WHITE_LABEL_MESSAGES.fileType });

const TemplateFieldsSchema = z.object({
  engine_version: z.literal(TEMPLATE_ENGINE_VERSION).default(TEMPLATE_ENGINE_VERSION),
  theme: z.literal(TEMPLATE_THEME).default(TEMPLATE_THEME),
  name: z
    .string({ error: WHITE_LABEL_MESSAGES.required })
    .trim()
    .min(1, { error: WHITE_LABEL_MESSAGES.required })
    .max(WHITE_LABEL_LIMITS.nameMax, { error: WHITE_LABEL_MESSAGES.nameTooLong }),
  content_blocks: TemplateContentBlocksSchema.default({ header: '', footer: '' }),
  /** A new logo; null removes the logo; left out (on PATCH) keeps it. */
  base64_logo: TemplateLogoSchema.nullable().optional(),
  /** The logo's file name: its extension must match the file's type. */
  logo_name: z.string().trim().max(255).optional(),
});

/** `POST /white-label/template`. */
export const TemplateInputSchema = TemplateFieldsSchema;
export type TemplateInput = z.input<typeof TemplateInputSchema>;

/** `PATCH /white-label/template/{guid}`: the same fields (guid too, ignored); the logo only when it changed. */
export const TemplatePatchSchema = TemplateFieldsSchema.extend({ guid: z.string().optional() });
export type TemplatePatch = z.input<typeof TemplatePatchSchema>;

export const TemplateParamsSchema = z.object({
  guid: z.union([z.uuid(), z.literal(DEFAULT_TEMPLATE_GUID)], {
    error: WHITE_LABEL_MESSAGES.unknownTemplate,
  }),
});

export const ReportTemplateSchema = z.object({
  /** A uuid, or 'default' for the built-in template. */
  guid: z.string(),
  name: z.string(),
  /** Unix time, seconds. */
  last_modified: z.number().int(),
  /** The logo's address on this API (`/api/white-label/template/{guid}/logo`), or null. */
  logo: z.string().nullable(),
  content_blocks: z.object({ header: z.string(), footer: z.string() }),
  engine_version: z.string(),
  theme: z.string(),
  /** The stored logo (PNG, 70 px high) as a data URL, or null. */
  base64_logo: z.string().nullable(),
  /** False for the built-in template. */
  editable: z.boolean(),
});
export type ReportTemplate = z.infer<typeof ReportTemplateSchema>;

export const TemplateListReplySchema = z.object({
  /** The built-in template first, then the organization's, newest change first. */
  templates: z.array(ReportTemplateSchema),
  /** Whether the caller's plan (or their override plan) allows white-label reports. */
  allowed: z.boolean(),
});
export type TemplateListReply = z.infer<typeof TemplateListReplySchema>;

/** `GET /white-label/pdf`: the saved report of report_url (report_guid, else its latest) with the template. */
export const WhiteLabelPdfQuerySchema = z.object({
  report_url: z.string().trim().min(1, { error: WHITE_LABEL_MESSAGES.selectReport }),
  report_guid: z.uuid().optional(),
  template_guid: z.string().min(1).default(DEFAULT_TEMPLATE_GUID),
  /** 'pdf' answers the document itself (the preview frame); otherwise JSON with pdf_content. */
  output_type: z.enum(['pdf', 'json']).default('json'),
});
export type WhiteLabelPdfQuery = z.input<typeof WhiteLabelPdfQuerySchema>;

export const WhiteLabelPdfReplySchema = z.object({
  /** The PDF, base64. */
  pdf_content: z.string(),
  file_name: z.string(),
});
export type WhiteLabelPdfReply = z.infer<typeof WhiteLabelPdfReplySchema>;

/** `GET /report/v2/domains`: the domains the organization has saved reports for (the cascader's first level). */
export const ReportDomainListReplySchema = z.object({ domains: z.array(z.string()) });
