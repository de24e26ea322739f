import { GlobalOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
  // Made and revoked in one effect, so StrictMode's second run never shows a revoked URL.
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!icon.data) return;
    const url = URL.createObjectURL(icon.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [icon.data]);
  if (!src) return <GlobalOutlined style={{ fontSize: size }} aria-hidden />;
  return <img src={src} width={size} height={size} alt="" className="website-favicon" />;
}
