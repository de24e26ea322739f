import { GlobalOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { requestBlob } from '../../api/client';

/**
 * A website's icon as our API serves it (fetched from the site by our server, never from a public
 * favicon service). The call needs the bearer token, so the icon is read as a Blob; a globe stands
 * in while it loads or when it fails.
 */
export function WebsiteFavicon({ guid, size = 16 }: { guid: string; size?: number }) {
  const icon = useQuery({
    queryKey: ['websites', 'favicon', guid],
    queryFn: () => requestBlob(`/website-index/favicon/${guid}`),
    staleTime: 5 * 60 * 1000,
  });
  const src = useMemo(() => (icon.data ? URL.createObjectURL(icon.data) : null), [icon.data]);
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);
  if (!src) return <GlobalOutlined style={{ fontSize: size }} aria-hidden />;
  return <img src={src} width={size} height={size} alt="" className="website-favicon" />;
}
