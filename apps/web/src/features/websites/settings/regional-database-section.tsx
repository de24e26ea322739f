import type { Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { errorText, fieldProblem } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { ServerErrorAlert } from '../server-error-alert';
import { locationsQuery } from '../websites.queries';
import { useSaveSettings } from './use-save-settings';

const messages = {
  saved: 'Location and language saved.',
  intro: 'The search market of this website: keyword positions and suggestions are read for it.',
};

/** Spec 5 "Location and language": the languages follow the country; Apply only for a change. */
export function RegionalDatabaseSection({ website }: { website: Website }) {
  const toast = useToast();
  const locations = useQuery(locationsQuery);
  const { location_name: savedCountry, language_code: savedLanguage } = website.settings;
  const [country, setCountry] = useState(savedCountry);
  const [language, setLanguage] = useState<string | undefined>(savedLanguage);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSettings(website, messages.saved);

  const countries = useMemo(
    () =>
      [...new Set((locations.data ?? []).map((l) => l.location_name))].map((c) => ({ value: c, label: c })),
    [locations.data],
  );
  const languages = (locations.data ?? [])
    .filter((l) => l.location_name === country)
    .map((l) => ({ value: l.language_code, label: l.language_name }));

  if (locations.isPending)
    return (
      <Card title="Regional database" className="settings-card">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  if (locations.isError) return <ServerErrorAlert error={locations.error} />;

  const unchanged = country === savedCountry && language === savedLanguage;
  const apply = () => {
    if (!language) return;
    setProblem(null);
    save.mutate(
      { location_name: country, language_code: language },
      {
        onError: async (error) => {
          const text = fieldProblem(error, 'language_code') ?? fieldProblem(error, 'location_name');
          if (text) setProblem(text);
          else toast.error(await errorText(error));
        },
      },
    );
  };

  return (
    <Card title="Regional database" className="settings-card">
      <Typography.Paragraph>{messages.intro}</Typography.Paragraph>
      <Form layout="vertical" className="settings-form" onFinish={apply}>
        <Form.Item label="Location">
          <Select
            aria-label="Location"
            showSearch
            value={country}
            options={countries}
            onChange={(value: string) => {
              setCountry(value);
              // A new country starts with its first (main) language (spec 5).
              setLanguage(locations.data.find((l) => l.location_name === value)?.language_code);
              setProblem(null);
            }}
          />
        </Form.Item>
        <Form.Item
          label="Language"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Select
            aria-label="Language"
            value={language}
            options={languages}
            onChange={(value: string) => {
              setLanguage(value);
              setProblem(null);
            }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={unchanged || !language} loading={save.isPending}>
          Apply
        </Button>
      </Form>
    </Card>
  );
}
