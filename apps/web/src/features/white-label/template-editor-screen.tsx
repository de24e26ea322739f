import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  DEFAULT_TEMPLATE_GUID,
  type ReportTemplate,
  TEMPLATE_ENGINE_VERSION,
  TEMPLATE_THEME,
  type TemplateInput,
  WHITE_LABEL_LIMITS,
  WHITE_LABEL_MESSAGES,
} from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { fieldErrors } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { LogoInput, type LogoValue } from './logo-input';
import { TemplatePreview } from './template-preview';
import { createTemplate, templateSaved, updateTemplate } from './white-label.queries';
import { WHITE_LABEL_PATHS, WhiteLabelPage } from './white-label-page';

const messages = {
  title: 'PDF Brand Template',
  back: 'Back to templates',
  name: 'Template name',
  logo: 'Logo',
  header: 'Header',
  footer: 'Footer',
  save: 'Save template',
  preview: 'Preview',
  previewBody: 'Your saved report appears here',
};

/** The id in the path that creates a template instead of editing one. */
const NEW_ID = 'new';

interface EditorValues {
  name: string;
  header: string;
  footer: string;
  logo: LogoValue;
}

/** The server's field names (`content_blocks.header`, `base64_logo`…) → the form's. */
const FORM_FIELDS: Record<string, keyof EditorValues> = {
  name: 'name',
  header: 'header',
  footer: 'footer',
  base64_logo: 'logo',
  logo_name: 'logo',
};

/** The request body; the logo only when the user changed it (null when they removed it). */
export function templateBody({ name, header, footer, logo }: EditorValues): TemplateInput {
  return {
    name: name.trim(),
    content_blocks: { header: header ?? '', footer: footer ?? '' },
    engine_version: TEMPLATE_ENGINE_VERSION,
    theme: TEMPLATE_THEME,
    ...(logo.changed && {
      base64_logo: logo.dataUrl,
      ...(logo.dataUrl && logo.fileName && { logo_name: logo.fileName }),
    }),
  };
}

/**
 * /white-label/templates/:id: a template's name, logo, header and footer; 'new' creates one. The
 * built-in template ('default') and a guid the organization does not have lead back to the list.
 */
export function TemplateEditorScreen() {
  const { id = NEW_ID } = useParams();
  if (id === DEFAULT_TEMPLATE_GUID) return <Navigate to={WHITE_LABEL_PATHS.templates} replace />;
  return (
    <WhiteLabelPage tab="templates">
      {({ templates }) => {
        if (id === NEW_ID) return <TemplateEditor template={null} />;
        const template = templates.find((t) => t.guid === id && t.editable);
        if (!template) return <Navigate to={WHITE_LABEL_PATHS.templates} replace />;
        return <TemplateEditor key={template.guid} template={template} />;
      }}
    </WhiteLabelPage>
  );
}

function TemplateEditor({ template }: { template: ReportTemplate | null }) {
  const [form] = Form.useForm<EditorValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (values: EditorValues) =>
      template ? updateTemplate(template.guid, templateBody(values)) : createTemplate(templateBody(values)),
    onSuccess: (saved) => {
      toast.success(WHITE_LABEL_MESSAGES.saved);
      // The list already holds the saved template when it opens; it is read again behind it.
      const refreshed = templateSaved(queryClient, saved);
      navigate(WHITE_LABEL_PATHS.templates);
      return refreshed;
    },
    onError: (error) => {
      const onFields = fieldErrors(error).flatMap(({ field, message }) => {
        const name = field
          .split('.')
          .map((part) => FORM_FIELDS[part])
          .find(Boolean);
        return name ? [{ name, errors: [message] }] : [];
      });
      if (onFields.length > 0) form.setFields(onFields);
      else toast.error(WHITE_LABEL_MESSAGES.saveFailed);
    },
  });

  const header = Form.useWatch('header', form);
  const footer = Form.useWatch('footer', form);
  const logo = Form.useWatch('logo', form);

  return (
    <div className="wl-editor">
      <Link to={WHITE_LABEL_PATHS.templates} className="wl-back">
        <ArrowLeftOutlined /> {messages.back}
      </Link>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={messages.title} className="wl-card">
            <Form<EditorValues>
              form={form}
              name="white-label-template"
              layout="vertical"
              initialValues={{
                name: template?.name ?? '',
                header: template?.content_blocks.header ?? '',
                footer: template?.content_blocks.footer ?? '',
                logo: { dataUrl: template?.base64_logo ?? null, changed: false },
              }}
              onFinish={(values) => save.mutate(values)}
              // The logo has no rules to validate it again: a new one clears the last refusal itself.
              onValuesChange={(changed: Partial<EditorValues>) => {
                if (changed.logo) form.setFields([{ name: 'logo', errors: [] }]);
              }}
            >
              <Form.Item
                name="name"
                label={messages.name}
                rules={[
                  { required: true, whitespace: true, message: WHITE_LABEL_MESSAGES.required },
                  { max: WHITE_LABEL_LIMITS.nameMax, message: WHITE_LABEL_MESSAGES.nameTooLong },
                ]}
              >
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="logo" label={messages.logo}>
                <LogoInput onReject={(problem) => form.setFields([{ name: 'logo', errors: [problem] }])} />
              </Form.Item>
              <Form.Item name="header" label={messages.header}>
                <Input maxLength={WHITE_LABEL_LIMITS.textMax} showCount />
              </Form.Item>
              <Form.Item name="footer" label={messages.footer}>
                <Input maxLength={WHITE_LABEL_LIMITS.textMax} showCount />
              </Form.Item>
              <Form.Item className="wl-form-actions">
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {messages.save}
                </Button>
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={messages.preview} className="wl-card">
            <TemplatePreview
              logo={logo?.dataUrl ?? null}
              header={header ?? ''}
              footer={footer ?? ''}
              body={messages.previewBody}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
