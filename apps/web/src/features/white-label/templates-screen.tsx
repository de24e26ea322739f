import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_TEMPLATE_GUID,
  formatDate,
  type ReportTemplate,
  WHITE_LABEL_MESSAGES,
} from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm } from 'antd';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { useToast } from '../../components/use-toast';
import { deleteTemplate, templateDeleted } from './white-label.queries';
import { WHITE_LABEL_PATHS, WhiteLabelPage } from './white-label-page';

const messages = {
  title: 'Saved Templates',
  create: 'Create new template',
  confirmDelete: (name: string) => `Delete the template “${name}”?`,
  deleteLabel: (name: string) => `Delete ${name}`,
};

/** /white-label/templates: the organization's templates; a row opens its editor. */
export function TemplatesScreen() {
  return (
    <WhiteLabelPage tab="templates">
      {({ templates }) => (
        // The built-in template is not the organization's and cannot be changed: it is not listed.
        <TemplateTable templates={templates.filter((t) => t.guid !== DEFAULT_TEMPLATE_GUID)} />
      )}
    </WhiteLabelPage>
  );
}

function TemplateTable({ templates }: { templates: ReportTemplate[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_, guid) => templateDeleted(queryClient, guid),
    onError: async (error) => toast.error(await errorText(error)),
  });

  // The name and Delete stay; the row number and the date give way on a narrow screen.
  const columns: ResponsiveColumn<ReportTemplate>[] = [
    {
      title: '#',
      key: 'index',
      width: 56,
      priority: 9,
      inDetails: false,
      render: (_, __, index) => index + 1,
    },
    {
      title: 'Updated at',
      key: 'last_modified',
      dataIndex: 'last_modified',
      width: 140,
      priority: 1,
      render: (seconds: number) => formatDate(seconds * 1000),
    },
    {
      title: 'Template name',
      key: 'name',
      dataIndex: 'name',
      width: 320,
      narrowWidth: 150,
      priority: 'key',
      className: 'wl-template-name',
      // A link too, for the keyboard; the row's own click would open it a second time.
      render: (name: string, template) => (
        <Link to={WHITE_LABEL_PATHS.template(template.guid)} onClick={(event) => event.stopPropagation()}>
          {name}
        </Link>
      ),
    },
    {
      key: 'delete',
      width: 64,
      priority: 'key',
      align: 'center',
      render: (_, template) => (
        // Clicks here (the popup's too: React bubbles through its portal) must not open the row.
        // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the row.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside handles the keyboard.
        <span onClick={(event) => event.stopPropagation()}>
          <Popconfirm
            title={messages.confirmDelete(template.name)}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(template.guid).catch(() => undefined)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={messages.deleteLabel(template.name)}
              loading={remove.isPending && remove.variables === template.guid}
            />
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <Card
      title={messages.title}
      className="wl-card"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate(WHITE_LABEL_PATHS.template('new'))}
        >
          {messages.create}
        </Button>
      }
    >
      <ResponsiveTable<ReportTemplate>
        rowKey="guid"
        columns={columns}
        dataSource={templates}
        pagination={false}
        locale={{ emptyText: WHITE_LABEL_MESSAGES.noTemplates }}
        rowClassName="wl-template-row"
        onRow={(template) => ({ onClick: () => navigate(WHITE_LABEL_PATHS.template(template.guid)) })}
      />
    </Card>
  );
}
