import { Modal } from 'antd';
import { RichText } from '../checkup/rich-text';

/** A playable file goes in a <video>; any other page (a video site) opens in a new tab instead. */
const VIDEO_FILE = /\.(mp4|webm|ogg|ogv|mov)(\?|#|$)/i;

function VideoLink({ url }: { url: string }) {
  // The address comes from the API: only http(s) is shown, never a javascript: link.
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  if (VIDEO_FILE.test(parsed.pathname))
    return (
      <video src={url} controls style={{ width: '100%', marginTop: 12 }}>
        <track kind="captions" />
      </video>
    );
  return (
    <p style={{ marginTop: 12 }}>
      <a href={url} target="_blank" rel="noopener noreferrer">
        Watch the video
      </a>
    </p>
  );
}

/** The "How to fix" modal of a check: the catalogue's HTML, then its video when it has one. */
export function HowToFixModal({
  open,
  title,
  html,
  video,
  onClose,
}: {
  open: boolean;
  /** The check's title; the modal reads "How to fix: {title}". */
  title: string;
  html: string;
  video: string | null;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title={`How to fix: ${title}`} onCancel={onClose} footer={null} width={640}>
      <RichText className="how-to-fix" html={html} />
      {video && <VideoLink url={video} />}
    </Modal>
  );
}
