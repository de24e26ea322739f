import { CloseOutlined } from '@ant-design/icons';
import { DEEP_ANALYSIS_MESSAGES, type SectionResult } from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { errorText } from '../../api/client';
import { useToast } from '../../components/use-toast';
import {
  checkSpellingWordAgain,
  deepAnalysisKey,
  ignoreSpellingWord,
  spellingWordsQuery,
} from './deep-analysis.queries';

const messages = {
  ignoreLead: 'Not a mistake? Keep a word as this website’s own and no page of it reports the word again:',
  ignore: (word: string) => `Ignore “${word}” on this website`,
  ignored: 'Kept as this website’s own words:',
  checkAgain: (word: string) => `Check “${word}” again`,
};

/** The words a spelling result lists, likely mistakes first, each once. */
function listedWords(result: SectionResult): string[] {
  const issues = result.spelling_issues as
    | { hard?: { word: string }[]; soft?: { word: string }[] }
    | undefined;
  const words = [...(issues?.hard ?? []), ...(issues?.soft ?? [])].map(({ word }) => word);
  return [...new Set(words)];
}

/**
 * Under a URL report's spelling check: "ignore this word" for each word it lists, and the words
 * the website keeps, each with a way to check it again. The website's pages are judged again by the
 * server; the report is read again after each change.
 */
export function SpellingWords({ w, result }: { w: string; result: SectionResult }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const kept = useQuery(spellingWordsQuery(w));
  const change = useMutation({
    mutationFn: ({ word, ignore }: { word: string; ignore: boolean }) =>
      ignore ? ignoreSpellingWord(w, word) : checkSpellingWordAgain(w, word),
    onSuccess: async (_reply, { word, ignore }) => {
      toast.success(
        ignore
          ? DEEP_ANALYSIS_MESSAGES.spellingWordIgnored(word)
          : DEEP_ANALYSIS_MESSAGES.spellingWordRestored(word),
      );
      await queryClient.invalidateQueries({ queryKey: deepAnalysisKey });
    },
    onError: async (error) => toast.error(await errorText(error)),
  });
  const words = listedWords(result);
  const keptWords = kept.data?.words ?? [];
  if (words.length === 0 && keptWords.length === 0) return null;
  const busy = (word: string) => change.isPending && change.variables?.word === word;
  return (
    <div className="spelling-words">
      {words.length > 0 && (
        <Typography.Paragraph className="spelling-words-line">
          <Typography.Text type="secondary">{messages.ignoreLead}</Typography.Text>{' '}
          <Space size={[4, 4]} wrap>
            {words.map((word) => (
              <Button
                key={word}
                size="small"
                aria-label={messages.ignore(word)}
                title={messages.ignore(word)}
                loading={busy(word)}
                disabled={change.isPending}
                onClick={() => change.mutate({ word, ignore: true })}
              >
                {word}
              </Button>
            ))}
          </Space>
        </Typography.Paragraph>
      )}
      {keptWords.length > 0 && (
        <Typography.Paragraph className="spelling-words-line">
          <Typography.Text type="secondary">{messages.ignored}</Typography.Text>{' '}
          <Space size={[4, 4]} wrap>
            {keptWords.map((word) => (
              <Tag
                key={word}
                closable={!change.isPending}
                closeIcon={<CloseOutlined aria-label={messages.checkAgain(word)} />}
                onClose={(event) => {
                  event.preventDefault();
                  change.mutate({ word, ignore: false });
                }}
              >
                {word}
              </Tag>
            ))}
          </Space>
        </Typography.Paragraph>
      )}
    </div>
  );
}
