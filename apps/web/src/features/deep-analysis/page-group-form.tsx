import { PAGE_GROUP_MESSAGES, type PageGroup, PUE_LEVELS } from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { errorText, fieldErrors } from '../../api/client';
import { useToast } from '../../components/use-toast';
import {
  createPageGroup,
  type PageGroupFields,
  refreshDeepAnalysis,
  updatePageGroup,
} from './deep-analysis.queries';
import { levelLabel } from './engagement-tag';

interface Values {
  title: string;
  description: string;
  pue_level: PageGroup['pue_level'];
  pue_reason?: string;
}

const FIELDS = ['title', 'description', 'pue_level', 'pue_reason'] as const;

const LEVEL_OPTIONS = PUE_LEVELS.map((level) => ({ value: level, label: levelLabel(level) }));

/** Create a page group, or update `group` (spec 5 "Page group"); `onSaved` gets its guid once the lists are read again. */
export function PageGroupFormModal({
  website,
  group,
  open,
  onClose,
  onSaved,
}: {
  website: { guid: string };
  group?: PageGroup;
  open: boolean;
  onClose(): void;
  onSaved(guid: string): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: async (fields: PageGroupFields) =>
      group
        ? (await updatePageGroup(website.guid, group.guid, fields)).guid
        : (await createPageGroup(website.guid, fields)).guid,
    // The group lists are read again first, so a select that shows the new group finds its title.
    onSuccess: async (guid) => {
      await refreshDeepAnalysis(queryClient);
      onSaved(guid);
    },
    onError: async (error) => {
      const named = fieldErrors(error).filter((f) => (FIELDS as readonly string[]).includes(f.field));
      if (named.length > 0)
        form.setFields(named.map((f) => ({ name: f.field as (typeof FIELDS)[number], errors: [f.message] })));
      else toast.error(await errorText(error));
    },
  });

  const submit = (values: Values) =>
    save.mutate({
      title: values.title.trim(),
      description: values.description.trim(),
      pue_level: values.pue_level,
      pue_reason: values.pue_reason?.trim() || null,
    });

  const title = group ? 'Update page group' : 'New page group';
  return (
    <Modal
      open={open}
      title={title}
      okText={group ? 'Update page group' : 'Create page group'}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name={group ? 'update-page-group' : 'new-page-group'}
        layout="vertical"
        preserve={false}
        initialValues={{
          title: group?.title ?? '',
          description: group?.description ?? '',
          pue_level: group?.pue_level ?? 'medium',
          pue_reason: group?.pue_reason ?? '',
        }}
        onFinish={submit}
      >
        <Form.Item
          name="title"
          label="Title"
          rules={[{ required: true, whitespace: true, message: PAGE_GROUP_MESSAGES.titleRequired }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="description"
          label="Description"
          rules={[{ required: true, whitespace: true, message: PAGE_GROUP_MESSAGES.descriptionRequired }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Form.Item name="pue_level" label="Engagement level">
          <Select options={LEVEL_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="pue_reason"
          label="Reason"
          extra="Optional: why pages of this group get this engagement."
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
