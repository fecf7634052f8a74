import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { toast } from '@/lib/toast';

/**
 * "Export vCard" for the contacts selected in the table: one .vcf file. The download's code is loaded
 * when it is pressed, not with the list (decision 27).
 */
export function ExportSelectionButton({ contactIds }: { contactIds: number[] }) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const { exportContacts } = await import('../api/export-contacts');
      await exportContacts({ format: 'vcard', ids: contactIds });
      toast.success(`Exported ${formatCount(contactIds.length, 'contact', 'contacts')} as a vCard file`);
    } catch (error) {
      toast.error('Export failed', { description: (error as Error).message });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="outline"
      onClick={run}
      disabled={exporting}
      title="Download the selected contacts as a .vcf file"
    >
      <DownloadIcon />
      Export vCard
    </Button>
  );
}
