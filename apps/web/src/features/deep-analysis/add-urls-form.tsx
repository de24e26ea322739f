import { PlusOutlined } from '@ant-design/icons';
import { DEEP_ANALYSIS_MESSAGES, PAGE_GROUP_MESSAGES, splitUrls } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { errorText, fieldProblem, RequestError } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { pageGroupsQuery, urlCountQuery } from './deep-analysis.queries';
import { PageGroupFormModal } from './page-group-form';
import { urlsProblem, useAddUrls } from './use-add-urls';

const messages = {
  help: 'One URL per line, or separated by commas.',
  toGroup: 'Add them to a page group',
};

interface Values {
  urls: string;
  toGroup: boolean;
  cluster_guid?: string;
}

/**
 * URLs a user types in (spec 5 "Manual URLs"), checked against the website's domain before they are
 * sent; into `clusterGuid` when given, or, with `chooseGroup`, into a group picked or made here.
 */
export function AddUrlsForm({
  website,
  clusterGuid,
  chooseGroup = false,
  onAdded,
}: {
  website: { guid: string; domain: string };
  clusterGuid?: string;
  chooseGroup?: boolean;
  onAdded?: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const add = useAddUrls(website.guid);
  const groups = useQuery({ ...pageGroupsQuery(website.guid), enabled: chooseGroup });
  const toGroup = Form.useWatch('toGroup', form);
  const [creatingGroup, setCreatingGroup] = useState(false);

  const submit = (values: Values) => {
    const target = clusterGuid ?? (chooseGroup && values.toGroup ? values.cluster_guid : undefined);
    add.mutate(
      { urls: splitUrls(values.urls), clusterGuid: target },
      {
        onSuccess: (reply) => {
          if (reply.data.length === 0) {
            form.setFields([{ name: 'urls', errors: [DEEP_ANALYSIS_MESSAGES.somethingWrong] }]);
            return;
          }
          form.resetFields();
          onAdded?.();
        },
        onError: async (error) => {
          // The plan's and the domain's refusals (400, 403) belong to the list the user typed.
          if (error instanceof RequestError && (error.status === 400 || error.status === 403)) {
            const text = fieldProblem(error, 'urls') ?? (await errorText(error));
            form.setFields([{ name: 'urls', errors: [text] }]);
          } else toast.error(await errorText(error));
        },
      },
    );
  };

  return (
    <>
      <Form<Values>
        form={form}
        name={clusterGuid ? 'add-urls-to-group' : 'add-urls'}
        layout="vertical"
        className="da-add-urls"
        initialValues={{ urls: '', toGroup: false }}
        onFinish={submit}
      >
        <Form.Item
          name="urls"
          label="URLs"
          required
          extra={messages.help}
          rules={[
            {
              validator: (_: unknown, value?: string) => {
                const problem = urlsProblem(splitUrls(value ?? ''), website.domain);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 12 }}
            placeholder={`https://${website.domain}/\nhttps://${website.domain}/about`}
          />
        </Form.Item>
        {chooseGroup && !clusterGuid && (
          <>
            <Form.Item name="toGroup" valuePropName="checked">
              <Checkbox>{messages.toGroup}</Checkbox>
            </Form.Item>
            {toGroup && (
              <Form.Item label="Page group" required>
                <div className="da-group-choice">
                  <Form.Item
                    name="cluster_guid"
                    noStyle
                    rules={[{ required: true, message: PAGE_GROUP_MESSAGES.selectGroup }]}
                  >
                    <Select
                      aria-label="Page group"
                      className="da-group-select"
                      loading={groups.isPending}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={(groups.data ?? []).map((g) => ({ value: g.guid, label: g.title }))}
                    />
                  </Form.Item>
                  <Button icon={<PlusOutlined />} onClick={() => setCreatingGroup(true)}>
                    New page group
                  </Button>
                </div>
              </Form.Item>
            )}
          </>
        )}
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Add URLs
        </Button>
      </Form>
      {chooseGroup && !clusterGuid && (
        <PageGroupFormModal
          website={website}
          open={creatingGroup}
          onClose={() => setCreatingGroup(false)}
          onSaved={(guid) => {
            setCreatingGroup(false);
            // Spec 4: a group made here is the one the URLs go to.
            form.setFieldsValue({ toGroup: true, cluster_guid: guid });
            void form.validateFields(['cluster_guid']).catch(() => {});
          }}
        />
      )}
    </>
  );
}

/** 'Add new URLs' (spec 5): shown only while the website monitors fewer URLs than its plan allows. */
export function AddUrlsButton({
  website,
  clusterGuid,
  chooseGroup,
}: {
  website: { guid: string; domain: string };
  clusterGuid?: string;
  chooseGroup?: boolean;
}) {
  const count = useQuery(urlCountQuery(website.guid));
  const toast = useToast();
  const [open, setOpen] = useState(false);
  if (!count.data || count.data.count >= count.data.dp_max_urls) return null;
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        Add new URLs
      </Button>
      <Modal open={open} title="Add new URLs" footer={null} destroyOnHidden onCancel={() => setOpen(false)}>
        <AddUrlsForm
          website={website}
          clusterGuid={clusterGuid}
          chooseGroup={chooseGroup}
          onAdded={() => {
            setOpen(false);
            // New URLs are analysed at once (docs/deep-analysis.md).
            toast.success(DEEP_ANALYSIS_MESSAGES.analysisStarted, DEEP_ANALYSIS_MESSAGES.checkLater);
          }}
        />
      </Modal>
    </>
  );
}
