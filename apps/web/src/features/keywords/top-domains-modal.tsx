import type { TopDomainRow } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { column, pageLink, wrapColumn } from '../seo-data/data-table';
import { SubjectModal } from '../seo-data/subject-modal';
import { type KeywordModalProps, KeywordModalTable } from './keyword-modal';
import { type Market, topDomainsQuery } from './keywords.queries';

const messages = {
  title: (phrase: string) => `Top domains for: ${phrase}`,
  none: 'No results were found for this keyword.',
};

const MODAL_WIDTH = 720;

const COLUMNS: ResponsiveColumn<TopDomainRow>[] = [
  { ...column<TopDomainRow>('position', '#', 48, (row) => row.position), priority: 'key' },
  {
    ...wrapColumn<TopDomainRow>('domain', 'Domain', 200, (row) => row.domain),
    narrowWidth: 150,
    priority: 'key',
  },
  { ...column<TopDomainRow>('url', 'URL', 360, (row) => pageLink(row.url)), priority: 1 },
];

/** A keyword's first results in a market (spec 2.4: #, Domain, URL link), read when the modal opens. */
export function TopDomainsModal({ phrase, open, market, onClose }: KeywordModalProps) {
  return (
    <SubjectModal subject={phrase} open={open} title={messages.title} width={MODAL_WIDTH} onClose={onClose}>
      {(subject) => <TopDomains phrase={subject} market={market} />}
    </SubjectModal>
  );
}

function TopDomains({ phrase, market }: { phrase: string; market: Market }) {
  const domains = useQuery(topDomainsQuery(phrase, market));
  return (
    <KeywordModalTable
      list={domains}
      rowsOf={(reply) => reply.data}
      empty={messages.none}
      columns={COLUMNS}
      rowKey={(row) => String(row.position)}
    />
  );
}
