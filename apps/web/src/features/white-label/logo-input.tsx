import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { WHITE_LABEL_LIMITS, WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import { Button, Typography, Upload } from 'antd';

/** The logo as the editor holds it: a data URL (null: none), and whether the user changed it. */
export interface LogoValue {
  dataUrl: string | null;
  /** The chosen file's name (its extension tells the server the type). */
  fileName?: string;
  changed: boolean;
}

const ACCEPT = WHITE_LABEL_LIMITS.logoExtensions.map((ext) => `.${ext}`).join(',');

const messages = {
  upload: 'Upload logo',
  replace: 'Replace logo',
  remove: 'Remove logo',
  hint: 'PNG, GIF or JPG, at most 1 MB; it is shown 70 px high.',
  alt: 'Template logo',
};

/** Why a file cannot be the logo (spec 5), or null: checked before anything is sent. */
export function logoProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(WHITE_LABEL_LIMITS.logoExtensions as readonly string[]).includes(extension))
    return WHITE_LABEL_MESSAGES.fileType;
  if (file.size > WHITE_LABEL_LIMITS.logoBytes) return WHITE_LABEL_MESSAGES.logoTooLarge;
  return null;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * A form control for the template's logo: the current one with a remove button, and an upload that
 * reads the file here (as a data URL) instead of sending it; a refused file goes to `onReject`.
 */
export function LogoInput({
  id,
  value,
  onChange,
  onReject,
}: {
  id?: string;
  value?: LogoValue;
  onChange?: (value: LogoValue) => void;
  onReject: (problem: string) => void;
}) {
  const dataUrl = value?.dataUrl ?? null;
  return (
    <div className="wl-logo-input" id={id}>
      {dataUrl && (
        <div className="wl-logo-current">
          <img src={dataUrl} alt={messages.alt} className="wl-logo" />
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.({ dataUrl: null, changed: true })}>
            {messages.remove}
          </Button>
        </div>
      )}
      <Upload
        accept={ACCEPT}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = logoProblem(file);
          if (problem) onReject(problem);
          else
            readAsDataUrl(file).then(
              (read) => onChange?.({ dataUrl: read, fileName: file.name, changed: true }),
              () => onReject(WHITE_LABEL_MESSAGES.fileType),
            );
          // Nothing is uploaded: the logo goes with the template when it is saved.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>{dataUrl ? messages.replace : messages.upload}</Button>
      </Upload>
      <Typography.Text type="secondary" className="wl-logo-hint">
        {messages.hint}
      </Typography.Text>
    </div>
  );
}
