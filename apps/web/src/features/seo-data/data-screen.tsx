import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { DataSourceMissing } from './data-source-missing';
import { seoDataUsageQuery } from './seo-data.queries';
import './seo-data.css';

/**
 * A keyword or backlink data screen's page: its cards, or, when the server has no data source, the
 * one panel that says so instead of all of them.
 */
export function DataScreen({ children }: { children: ReactNode }) {
  const usage = useQuery(seoDataUsageQuery);
  return (
    <div className="seo-data-page">
      {usage.data?.configured === false ? (
        <Card>
          <DataSourceMissing />
        </Card>
      ) : (
        children
      )}
    </div>
  );
}
