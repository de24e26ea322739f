import { displayHost, type Website } from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, request } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { refreshWebsites } from '../websites.queries';

// What goes and what stays: docs/websites.md "Deleting".
const messages = {
  intro: (domain: string) => `Stop tracking ${domain} and delete everything this product keeps about it.`,
  confirmTitle: (domain: string) => `Remove ${domain}?`,
  deletes: (domain: string) =>
    `This deletes ${domain} with its settings, its competitors, its tracked keywords and the checkups its setup wizard started.`,
  stays: 'Checkups you ran from the SEO Checkup form stay in your archive. This cannot be undone.',
  removed: (domain: string) => `${domain} was removed.`,
};

export function RemoveWebsiteSection({ website }: { website: Website }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => request<void>(`/website-index/${website.guid}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setConfirming(false);
      // Away first: refreshed while still here, the settings would select the next website and
      // leave the user on "Remove {that one}".
      navigate('/dashboard', { replace: true });
      toast.success(messages.removed(website.domain));
      await refreshWebsites(queryClient);
    },
    onError: async (error) => toast.error(await errorText(error)),
  });

  return (
    <Card title="Remove Domain/Website" className="settings-card">
      <Typography.Paragraph>{messages.intro(website.domain)}</Typography.Paragraph>
      <Button danger type="primary" onClick={() => setConfirming(true)}>
        Remove {displayHost(website.domain)}
      </Button>
      <Modal
        open={confirming}
        title={messages.confirmTitle(website.domain)}
        okText="Remove"
        okButtonProps={{ danger: true }}
        confirmLoading={remove.isPending}
        onOk={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Paragraph>{messages.deletes(website.domain)}</Typography.Paragraph>
        <Typography.Paragraph>{messages.stays}</Typography.Paragraph>
      </Modal>
    </Card>
  );
}
