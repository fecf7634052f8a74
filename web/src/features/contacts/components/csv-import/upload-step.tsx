import { FileUpIcon, Loader2Icon } from 'lucide-react';
import type { RefObject } from 'react';

interface UploadStepProps {
  input: RefObject<HTMLInputElement | null>;
  reading: boolean;
  onChoose: (file: File | undefined) => void;
}

/** Step 1: choose the file; its columns are read on the server. */
export function UploadStep({ input, reading, onChoose }: UploadStepProps) {
  return (
    <label className="flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed p-10 text-center transition-colors hover:border-primary/60 hover:bg-primary/5">
      {reading ? (
        <Loader2Icon className="size-8 animate-spin text-primary" />
      ) : (
        <FileUpIcon className="size-8 text-primary" />
      )}
      <span className="font-medium">{reading ? 'Reading columns...' : 'Click to choose a CSV file'}</span>
      <span className="text-sm text-muted-foreground">
        Exports of Google Contacts, Outlook, Apple, LinkedIn, HubSpot, Pipedrive, Attio and Thunderbird are
        recognised. Up to 50 MB.
      </span>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label="CSV file"
        disabled={reading}
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
    </label>
  );
}
