import { z } from 'zod';
import { EmailSchema } from './accounts';
import { ReportSchema, ReportStructureSchema } from './checkup';

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
export type ReportDomainListReply = z.infer<typeof ReportDomainListReplySchema>;

/* Beyond the spec: scheduled delivery to a client, and read-only share links. */

export const WHITE_LABEL_DELIVERY_LIMITS = {
  /** Schedules an organization may have. */
  schedules: 20,
  /** A share link lives at most this many days; 30 by default. */
  shareDaysMax: 90,
  shareDaysDefault: 30,
} as const;

export const WHITE_LABEL_DELIVERY_MESSAGES = {
  tooManySchedules: `An organization can have up to ${WHITE_LABEL_DELIVERY_LIMITS.schedules} scheduled reports.`,
  unknownSchedule: 'Unknown scheduled report',
  unknownWebsite: 'Choose one of your tracked websites',
  unknownShare: 'Unknown share link',
  templateInUse: 'This template is used by a scheduled report or a share link; remove those first.',
  shareGone: 'This report link has expired or was revoked.',
  shareDays: `Between 1 and ${WHITE_LABEL_DELIVERY_LIMITS.shareDaysMax} days`,
  noReportYet: 'No saved report of this website yet: run an SEO Checkup of it first.',
} as const;

export const ScheduleFrequencySchema = z.enum(['weekly', 'monthly']);
export type ScheduleFrequency = z.infer<typeof ScheduleFrequencySchema>;

const TemplateGuidSchema = z.union([z.uuid(), z.literal(DEFAULT_TEMPLATE_GUID)], {
  error: WHITE_LABEL_MESSAGES.unknownTemplate,
});

/** `POST /white-label/schedules`: the latest saved report of a tracked website, e-mailed each period. */
export const ScheduleInputSchema = z.object({
  website_guid: z.uuid({ error: WHITE_LABEL_DELIVERY_MESSAGES.unknownWebsite }),
  template_guid: TemplateGuidSchema.default(DEFAULT_TEMPLATE_GUID),
  recipient: EmailSchema,
  frequency: ScheduleFrequencySchema,
});
export type ScheduleInput = z.input<typeof ScheduleInputSchema>;

/** `PATCH /white-label/schedules/{guid}`. */
export const SchedulePatchSchema = z.object({
  template_guid: TemplateGuidSchema.optional(),
  recipient: EmailSchema.optional(),
  frequency: ScheduleFrequencySchema.optional(),
  enabled: z.boolean().optional(),
});

export const ScheduleSendSchema = z.object({
  /** `2026-W48` (ISO week) or `2026-11`. */
  period: z.string(),
  status: z.enum(['sending', 'sent', 'skipped', 'failed']),
  error: z.string().nullable(),
  /** ISO time. */
  sent_at: z.string().nullable(),
});

export const ScheduleSchema = z.object({
  guid: z.uuid(),
  website_guid: z.uuid(),
  domain: z.string(),
  template_guid: z.string(),
  template_name: z.string(),
  recipient: z.string(),
  frequency: ScheduleFrequencySchema,
  enabled: z.boolean(),
  c_at: z.string(),
  last_send: ScheduleSendSchema.nullable(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;
export const ScheduleListReplySchema = z.object({ schedules: z.array(ScheduleSchema) });

/** `POST /white-label/shares`: a read-only link to a saved report (report_guid, else the latest of report_url). */
export const ShareInputSchema = z.object({
  report_url: z.string().trim().min(1, { error: WHITE_LABEL_MESSAGES.selectReport }),
  report_guid: z.uuid().optional(),
  template_guid: TemplateGuidSchema.default(DEFAULT_TEMPLATE_GUID),
  expires_in_days: z
    .number()
    .int({ error: WHITE_LABEL_DELIVERY_MESSAGES.shareDays })
    .min(1, { error: WHITE_LABEL_DELIVERY_MESSAGES.shareDays })
    .max(WHITE_LABEL_DELIVERY_LIMITS.shareDaysMax, { error: WHITE_LABEL_DELIVERY_MESSAGES.shareDays })
    .default(WHITE_LABEL_DELIVERY_LIMITS.shareDaysDefault),
});
export type ShareInput = z.input<typeof ShareInputSchema>;

export const ShareSchema = z.object({
  guid: z.uuid(),
  report_guid: z.uuid(),
  report_url: z.string(),
  template_guid: z.string(),
  template_name: z.string(),
  /** ISO times. */
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  c_at: z.string(),
  /** 'active', or why it no longer opens. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type Share = z.infer<typeof ShareSchema>;
/** The link itself is shown once, when it is made: only its hash is kept. */
export const ShareCreatedSchema = ShareSchema.extend({ link: z.string() });
export type ShareCreated = z.infer<typeof ShareCreatedSchema>;
export const ShareListReplySchema = z.object({ shares: z.array(ShareSchema) });

/**
 * `GET /shared/report/{token}` (no session): the branded report, read-only, as the report screen
 * takes it: the report with every result of its URL, and the checks' structure.
 */
export const SharedReportSchema = z.object({
  branding: z.object({ header: z.string(), footer: z.string(), base64_logo: z.string().nullable() }),
  report: ReportSchema,
  structure: ReportStructureSchema,
  /** ISO time. */
  expires_at: z.string(),
});
export type SharedReport = z.infer<typeof SharedReportSchema>;
/** Any text: a token that is not one of ours is simply not found. */
export const ShareTokenParamsSchema = z.object({ token: z.string().max(128) });
