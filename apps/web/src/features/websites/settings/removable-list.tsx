import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';

/** A settings list (competitors, keywords): each item with its remove button; `empty` when there is none. */
export function RemovableList({
  items,
  empty,
  onRemove,
  removing,
  disabled = false,
}: {
  items: string[];
  empty: string;
  onRemove(item: string): void;
  /** The item being removed, which shows a spinner. */
  removing?: string;
  disabled?: boolean;
}) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className="settings-list">
      {items.map((item) => (
        <li key={item} className="settings-list-item">
          <Typography.Text className="settings-list-text">{item}</Typography.Text>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Remove ${item}`}
            loading={removing === item}
            disabled={disabled}
            onClick={() => onRemove(item)}
          />
        </li>
      ))}
    </ul>
  );
}
