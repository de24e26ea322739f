import { Button } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { downloadCsv } from './deep-analysis.queries';

/** 'Export CSV': downloads a streamed export of the API as `fileName`; a refusal is said in a toast. */
export function ExportCsvButton({ path, fileName }: { path: string; fileName: string }) {
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(path, fileName);
    } catch (error) {
      toast.error(await errorText(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button loading={exporting} onClick={() => void exportCsv()}>
      Export CSV
    </Button>
  );
}
