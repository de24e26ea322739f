import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { column, wrapColumn } from '../seo-data/data-table';
import { formatCompetition, formatCount, formatCpc } from './keyword-values';

// The columns the keyword tables share (top keywords, suggestions, tracked keywords), each at the
// width its table gives it.

/** '#': the row's place in the list; the first to give way, and not repeated in the row's details. */
export const rowNumberColumn = <Row extends { n: number }>(): ResponsiveColumn<Row> => ({
  ...column<Row>('n', '#', 48, (row) => row.n),
  priority: 9,
  inDetails: false,
});

export const keywordColumn = <Row extends { phrase: string }>(width: number) =>
  wrapColumn<Row>('phrase', 'Keyword', width, (row) => row.phrase);

export const positionColumn = <Row extends { pos: number }>(width: number) =>
  column<Row>('pos', 'Position', width, (row) => row.pos);

export const trafficColumn = <Row extends { traffic: number | null }>(width: number) =>
  column<Row>('traffic', 'Traffic', width, (row) => formatCount(row.traffic));

export const volumeColumn = <Row extends { vol?: number | null }>(width: number) =>
  column<Row>('vol', 'Search volume', width, (row) => formatCount(row.vol));

export const cpcColumn = <Row extends { cpc?: number | null }>(width: number) =>
  column<Row>('cpc', 'CPC', width, (row) => formatCpc(row.cpc));

export const competitionColumn = <Row extends { cmp: number | null }>(width: number) =>
  column<Row>('cmp', 'Competition', width, (row) => formatCompetition(row.cmp));

export const resultsColumn = <Row extends { r_no?: number | null }>(width: number) =>
  column<Row>('r_no', 'Results', width, (row) => formatCount(row.r_no));

/**
 * A column of link-styled buttons, one per keyword, that wrap like text: `label` on the button,
 * `hint` its title, `onClick` what it does with the keyword.
 */
export const phraseButtonColumn = <Row extends { phrase: string }>(
  key: string,
  title: string,
  width: number,
  {
    label,
    hint,
    onClick,
  }: { label(row: Row): ReactNode; hint(phrase: string): string; onClick(phrase: string): void },
) =>
  column<Row>(key, title, width, (row) => (
    <Button type="link" className="kw-phrase" title={hint(row.phrase)} onClick={() => onClick(row.phrase)}>
      {label(row)}
    </Button>
  ));
