import { InfoCircleOutlined } from '@ant-design/icons';
import { PUE_LEVELS } from '@sitelens/contracts';
import { Tag, Tooltip } from 'antd';

type PueLevel = (typeof PUE_LEVELS)[number];

/** Spec 4: the tag's colour per engagement level; an unknown level keeps the default colour. */
const COLORS: Record<PueLevel, string> = {
  very_low: 'red',
  low: 'volcano',
  medium: 'orange',
  high: 'cyan',
  very_high: 'green',
};

const isLevel = (level: string): level is PueLevel => (PUE_LEVELS as readonly string[]).includes(level);

/** 'very_high' → 'Very high', for the tag and the form's select. */
export function levelLabel(level: string): string {
  const words = level.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A page group's expected user engagement (spec 2.2 and 4), with its reason in a tooltip when there is one. */
export function EngagementTag({ level, reason }: { level: string; reason?: string | null }) {
  const text = `${levelLabel(level)} engagement`;
  return (
    <Tag color={isLevel(level) ? COLORS[level] : undefined} className="da-engagement-tag">
      {text}
      {reason?.trim() && (
        <Tooltip title={reason}>
          <InfoCircleOutlined aria-label={`Why ${text.toLowerCase()}`} className="da-engagement-info" />
        </Tooltip>
      )}
    </Tag>
  );
}
