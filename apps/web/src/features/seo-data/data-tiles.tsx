import type { ReactNode } from 'react';
import './seo-data.css';

export interface DataTile {
  label: string;
  value: ReactNode;
  /** Under the value (a backlink metric's weekly chart). */
  more?: ReactNode;
}

/**
 * Labelled numbers, each a region named by its label. `className` lays them out: four in a row (two
 * by two on a phone) by default.
 */
export function DataTiles({
  tiles,
  className = 'seo-data-tiles',
}: {
  tiles: DataTile[];
  className?: string;
}) {
  return (
    <div className={className}>
      {tiles.map(({ label, value, more }) => (
        <section key={label} className="seo-data-tile" aria-label={label}>
          <span className="seo-data-tile-label">{label}</span>
          <span className="seo-data-tile-value">{value}</span>
          {more}
        </section>
      ))}
    </div>
  );
}
