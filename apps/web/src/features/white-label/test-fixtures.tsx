import type { ReportTemplate, TemplateListReply } from '@sitelens/contracts';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { type ApiCall, stubCalls } from '../webmaster-tools/test-fixtures';
import { WhiteLabelReportsScreen } from './reports-screen';
import { TemplateEditorScreen } from './template-editor-screen';
import { TemplatesScreen } from './templates-screen';

/** Builders shared by the white-label screens' tests. */
export const TEMPLATE = '00000000-0000-4000-8000-0000000000a1';
export const OTHER_TEMPLATE = '00000000-0000-4000-8000-0000000000a2';
export const REPORT = '00000000-0000-4000-8000-0000000000c1';

/** A 1×1 transparent PNG. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const BUILT_IN: ReportTemplate = {
  guid: 'default',
  name: 'Default',
  last_modified: 0,
  logo: null,
  content_blocks: { header: '', footer: '' },
  engine_version: '1.0.0',
  theme: 'default',
  base64_logo: null,
  editable: false,
};

export const template = (fields: Partial<ReportTemplate> = {}): ReportTemplate => ({
  guid: TEMPLATE,
  name: 'Agency brand',
  // 2026-11-20 12:00 UTC
  last_modified: 1_795_176_000,
  logo: `/api/white-label/template/${TEMPLATE}/logo`,
  content_blocks: { header: 'Prepared by Acme SEO', footer: 'Acme SEO · acme.test' },
  engine_version: '1.0.0',
  theme: 'default',
  base64_logo: PNG_DATA_URL,
  editable: true,
  ...fields,
});

export const templateList = (own: ReportTemplate[] = [template()], allowed = true): TemplateListReply => ({
  templates: [BUILT_IN, ...own],
  allowed,
});

/** Answers the template list (and whatever `extra` answers first); any other call is a 500. */
export function serveTemplates(
  reply: TemplateListReply | Response = templateList(),
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  stubCalls((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/api/white-label/template' && call.method === 'GET')
      return reply instanceof Response ? reply.clone() : json(reply);
    return undefined;
  });
}

/** The three screens at their paths, as the app routes them, plus the plans page the warning links to. */
export const renderWhiteLabel = (path: string) =>
  renderRoutes(
    [
      { path: '/white-label/reports', element: <WhiteLabelReportsScreen /> },
      { path: '/white-label/templates', element: <TemplatesScreen /> },
      { path: '/white-label/templates/:id', element: <TemplateEditorScreen /> },
      { path: '/subscription/plans', element: <p>plans screen</p> },
    ],
    path,
  );
