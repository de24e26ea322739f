import { DownloadOutlined } from '@ant-design/icons';
import { DEFAULT_TEMPLATE_GUID, type ReportTemplate } from '@sitelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row, Select, Space } from 'antd';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ShareButton } from './delivery/share-button';
import { ReportPicker } from './report-picker';
import { ReportPreview, TemplatePreview } from './template-preview';
import { type BrandedPdf, downloadBrandedPdf } from './white-label.queries';
import { WhiteLabelPage } from './white-label-page';

const messages = {
  title: 'New Branded PDF Report',
  template: 'Template',
  report: 'Saved report',
  download: 'Download',
  preview: 'Preview',
};

/** The query parameters this screen keeps its choices in (spec 2.9). */
const PARAMS = { template: 'template_guid', reportGuid: 'report_guid', reportUrl: 'report_url' } as const;

/**
 * /white-label/reports[?template_guid=][&report_url=][&report_guid=]: a saved report as a PDF with
 * a template's logo, header and footer. With no template_guid (or one not in the list) the first
 * template is used; with no report_guid, the report's latest run.
 */
export function WhiteLabelReportsScreen() {
  return (
    <WhiteLabelPage tab="reports">
      {({ templates }) => <BrandedReport templates={templates} />}
    </WhiteLabelPage>
  );
}

function BrandedReport({ templates }: { templates: ReportTemplate[] }) {
  const [params, setParams] = useSearchParams();
  const template = templates.find((t) => t.guid === params.get(PARAMS.template)) ?? templates[0];
  const reportUrl = params.get(PARAMS.reportUrl) || null;
  const pdf: BrandedPdf | null = reportUrl
    ? {
        report_url: reportUrl,
        report_guid: params.get(PARAMS.reportGuid) || undefined,
        template_guid: template?.guid ?? DEFAULT_TEMPLATE_GUID,
      }
    : null;
  // Spec 8: a failed download is swallowed; the button only stops spinning.
  const download = useMutation({ mutationFn: downloadBrandedPdf });
  const templateId = useId();
  const reportId = useId();

  const update = (change: Partial<Record<(typeof PARAMS)[keyof typeof PARAMS], string | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Row gutter={[16, 16]} className="wl-reports">
      <Col xs={24} xl={10}>
        <Card title={messages.title} className="wl-card">
          <Form layout="vertical" component="div">
            <Form.Item label={messages.template} htmlFor={templateId}>
              <Select
                id={templateId}
                className="wl-template-select"
                value={template?.guid}
                options={templates.map((t) => ({ value: t.guid, label: t.name }))}
                onChange={(guid: string) => update({ [PARAMS.template]: guid })}
              />
            </Form.Item>
            <Form.Item label={messages.report} htmlFor={reportId}>
              <ReportPicker
                id={reportId}
                value={reportUrl}
                // Another report: its latest run, not the run the page was opened with.
                onChange={(url) => update({ [PARAMS.reportUrl]: url, [PARAMS.reportGuid]: null })}
              />
            </Form.Item>
            <Space wrap>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                disabled={!pdf}
                loading={download.isPending}
                onClick={() => pdf && download.mutate(pdf)}
              >
                {messages.download}
              </Button>
              <ShareButton
                reportUrl={pdf?.report_url}
                reportGuid={pdf?.report_guid}
                templateGuid={template?.guid ?? DEFAULT_TEMPLATE_GUID}
                disabled={!pdf}
              />
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={messages.preview} className="wl-card">
          {pdf ? (
            <ReportPreview pdf={pdf} />
          ) : (
            <TemplatePreview
              logo={template?.base64_logo ?? null}
              header={template?.content_blocks.header ?? ''}
              footer={template?.content_blocks.footer ?? ''}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
