import {
  KEYWORD_MESSAGES,
  type KeywordSuggestion,
  RESEARCH_TYPES,
  type ResearchType,
} from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { SubjectModal } from '../seo-data/subject-modal';
import {
  competitionColumn,
  cpcColumn,
  keywordColumn,
  resultsColumn,
  rowNumberColumn,
  volumeColumn,
} from './keyword-columns';
import { type KeywordModalProps, KeywordModalTable } from './keyword-modal';
import { keywordResearchQuery, type Market } from './keywords.queries';

const messages = {
  title: (phrase: string) => `Keywords suggestions for: ${phrase}`,
  tabs: { broad_match: 'Broad Match Keywords', related: 'Related Keywords' } satisfies Record<
    ResearchType,
    string
  >,
};

/** Spec 9: the keyword suggestions modal is 1024 px wide. */
export const SUGGESTIONS_MODAL_WIDTH = 1024;

type NumberedSuggestion = KeywordSuggestion & { n: number };

const COLUMNS: ResponsiveColumn<NumberedSuggestion>[] = [
  rowNumberColumn(),
  { ...keywordColumn<NumberedSuggestion>(200), narrowWidth: 140, priority: 'key' },
  { ...volumeColumn(110), priority: 'key' },
  { ...cpcColumn(80), priority: 1 },
  { ...competitionColumn(110), priority: 2 },
  { ...resultsColumn(110), priority: 3 },
];

/**
 * 'Keywords suggestions for:' a phrase in a market (spec 2.6): the broad-match suggestions and the
 * related keywords on two tabs, each read when its tab is first opened.
 */
export function KeywordSuggestionsModal({ phrase, open, market, onClose }: KeywordModalProps) {
  return (
    <SubjectModal
      subject={phrase}
      open={open}
      title={messages.title}
      width={SUGGESTIONS_MODAL_WIDTH}
      onClose={onClose}
    >
      {(subject) => (
        <Tabs
          className="seo-data-tabs"
          items={RESEARCH_TYPES.map((type) => ({
            key: type,
            label: messages.tabs[type],
            children: <Suggestions type={type} phrase={subject} market={market} />,
          }))}
        />
      )}
    </SubjectModal>
  );
}

function Suggestions({ type, phrase, market }: { type: ResearchType; phrase: string; market: Market }) {
  const research = useQuery(keywordResearchQuery(type, phrase, market));
  return (
    <KeywordModalTable
      list={research}
      rowsOf={(reply) => reply.data.map((row, index) => ({ ...row, n: index + 1 }))}
      empty={KEYWORD_MESSAGES.noSuggestions}
      columns={COLUMNS}
      rowKey={(row) => String(row.n)}
    />
  );
}
