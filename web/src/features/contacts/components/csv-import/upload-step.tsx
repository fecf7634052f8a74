import { FileUpIcon, Loader2Icon } from 'lucide-react';
import type { RefObject } from 'react';

interface UploadStepProps {
  input: RefObject<HTMLInputElement | null>;
  reading: boolean;
  onChoose: (file: File | undefined) => void;
}

/** Step 1: choose the file (CSV or vCard); its columns, or its cards, are read on the server. */
export function UploadStep({ input, reading, onChoose }: UploadStepProps) {
  return (
    <label className="flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed p-10 text-center transition-colors hover:border-primary/60 hover:bg-primary/5">
      {reading ? (
        <Loader2Icon className="size-8 animate-spin text-primary" />
      ) : (
        <FileUpIcon className="size-8 text-primary" />
      )}
      <span className="font-medium">
        {reading ? 'Reading the file...' : 'Click to choose a CSV or vCard (.vcf) file'}
      </span>
      <span className="text-sm text-muted-foreground">
        Exports of Google Contacts, Outlook, Apple, LinkedIn, HubSpot, Pipedrive, Attio and Thunderbird are
        recognised, and vCards (2.1, 3.0, 4.0) from any address book or phone. Up to 50 MB.
      </span>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,.vcf,.vcard,text/vcard,text/x-vcard"
        className="sr-only"
        aria-label="CSV file or vCard file"
        disabled={reading}
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
    </label>
  );
}
