import { Button } from 'antd';

/** The next keyset page of an infinite query, centred under its table; nothing once the last page is in. */
export function LoadMoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="load-more">
      <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
