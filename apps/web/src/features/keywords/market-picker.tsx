import { GlobalOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import type { Market } from './keywords.queries';
import { firstLanguage, LOCATION_SELECT_OPTIONS, languageSelectOptions, marketLabel } from './market';

const messages = {
  button: 'Location & Language',
  title: 'Location & Language',
  location: 'Location',
  language: 'Language',
  apply: 'Apply',
};

/**
 * The market a screen reads keywords in, and the 'Location & Language' modal that changes it: the
 * languages follow the location, and choosing a location picks its first language (spec 5).
 */
export function MarketPicker({ market, onChange }: { market: Market; onChange(market: Market): void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="kw-market">
      <Typography.Text type="secondary">{marketLabel(market)}</Typography.Text>
      <Button icon={<GlobalOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {messages.button}
      </Button>
      <Modal open={open} title={messages.title} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <MarketForm
          market={market}
          onApply={(next) => {
            setOpen(false);
            onChange(next);
          }}
        />
      </Modal>
    </div>
  );
}

function MarketForm({ market, onApply }: { market: Market; onApply(market: Market): void }) {
  const [location, setLocation] = useState(market.location);
  const [language, setLanguage] = useState<string | undefined>(market.language);
  return (
    <Form layout="vertical" onFinish={() => language && onApply({ location, language })}>
      <Form.Item label={messages.location}>
        <Select
          aria-label={messages.location}
          showSearch={{ optionFilterProp: 'label' }}
          value={location}
          options={LOCATION_SELECT_OPTIONS}
          onChange={(value: string) => {
            setLocation(value);
            setLanguage(firstLanguage(value));
          }}
        />
      </Form.Item>
      <Form.Item label={messages.language}>
        <Select
          aria-label={messages.language}
          value={language}
          options={languageSelectOptions(location)}
          onChange={(value: string) => setLanguage(value)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={!language}>
        {messages.apply}
      </Button>
    </Form>
  );
}
