import {
  dayLabel,
  formatDay,
  formatTime,
  hourTicks,
  type OutageInterval,
  outageSpan,
  type StripDay,
  type TimelineSegment,
} from './outage-timeline';

/**
 * The last 30 UTC days, one cell each: red with outages, green without, grey before the first check
 * (not monitored); a click selects the day (outlined).
 */
export function OutageStrip({
  days,
  selected,
  onSelect,
}: {
  days: StripDay[];
  selected: number;
  onSelect: (day: number) => void;
}) {
  const first = days[0];
  return (
    <div className="outage-strip-wrap">
      <fieldset className="outage-strip" aria-label="Outages by day">
        {days.map((day) => {
          const state = day.outages.length > 0 ? 'down' : day.monitored === 'none' ? 'unmonitored' : 'up';
          return (
            <button
              key={day.day}
              type="button"
              aria-label={dayLabel(day)}
              aria-pressed={day.day === selected}
              title={dayLabel(day)}
              className={`outage-day outage-day-${state}${
                day.day === selected ? ' outage-day-selected' : ''
              }`}
              onClick={() => onSelect(day.day)}
            />
          );
        })}
      </fieldset>
      <div className="outage-strip-ends" aria-hidden="true">
        <span>{first ? formatDay(first.day) : ''}</span>
        <span>Today</span>
      </div>
    </div>
  );
}

const DAY_MS = 86_400_000;
const SEGMENT_TEXT = { ok: 'No outage', unmonitored: 'Not monitored', future: 'Not yet' } as const;

/**
 * One UTC day from 00:00 to 24:00: outages red (a click selects one), time without one green, time
 * before the first check plain grey (not monitored), time still to come grey and hatched; hour
 * marks under it (every three hours on narrow screens).
 */
export function OutageDayTimeline({
  day,
  segments,
  selected,
  onSelect,
}: {
  day: number;
  segments: TimelineSegment[];
  selected: string | null;
  onSelect: (outage: OutageInterval) => void;
}) {
  const place = (segment: TimelineSegment) => ({
    left: `${((segment.start - day) / DAY_MS) * 100}%`,
    width: `${((segment.end - segment.start) / DAY_MS) * 100}%`,
  });
  return (
    <div className="outage-timeline-wrap">
      <fieldset className="outage-timeline" aria-label={`Timeline of ${formatDay(day)} (UTC)`}>
        {segments.map((segment) => {
          const span = `${formatTime(segment.start)} – ${segment.end - day >= DAY_MS ? '24:00' : formatTime(segment.end)}`;
          if (segment.kind === 'outage') {
            const active = segment.outage.guid === selected;
            return (
              <button
                key={`${segment.kind}-${segment.start}`}
                type="button"
                className={`outage-segment outage-segment-outage${active ? ' outage-segment-active' : ''}`}
                style={place(segment)}
                aria-pressed={active}
                aria-label={`Outage ${outageSpan(segment.outage)}`}
                title={`Outage ${outageSpan(segment.outage)}`}
                onClick={() => onSelect(segment.outage)}
              />
            );
          }
          return (
            <div
              key={`${segment.kind}-${segment.start}`}
              className={`outage-segment outage-segment-${segment.kind}`}
              style={place(segment)}
              title={`${SEGMENT_TEXT[segment.kind]}, ${span} UTC`}
            />
          );
        })}
      </fieldset>
      <div className="outage-ticks" aria-hidden="true">
        {hourTicks(1).map((tick) => (
          <span
            key={tick.hour}
            className={`outage-tick${tick.hour % 3 === 0 ? '' : ' outage-tick-minor'}`}
            style={{ left: `${tick.offset * 100}%` }}
          >
            {tick.label}
          </span>
        ))}
      </div>
    </div>
  );
}
