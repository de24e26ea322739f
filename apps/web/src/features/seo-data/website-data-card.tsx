import { Card } from 'antd';
import type { ReactNode } from 'react';
import type { SelectedWebsite } from '../websites/selected-website-gate';
import { WebsiteSelector } from '../websites/website-selector';
import './seo-data.css';

/** A card about the selected website's data, with the selector that picks another website in its head. */
export function WebsiteDataCard({
  title,
  selected: { website, websites, select },
  children,
}: {
  title: string;
  selected: SelectedWebsite;
  children: ReactNode;
}) {
  return (
    <Card
      className="seo-data-card"
      title={title}
      extra={<WebsiteSelector websites={websites} value={website.guid} onChange={select} />}
    >
      {children}
    </Card>
  );
}
