import { formatNumber } from '@shared/domain/display-format';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { whatSellsApi, type PastSalesFileImport } from '@shared/contracts/what-sells';
import { moneyLocale } from '@shared/domain/money';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { UploadIcon } from '@/components/icons';
import { callRoute } from '@/lib/route-client';
import { itemKeys } from '@/entities/items/query-keys';
import { MarketplacePastSales } from './marketplace-past-sales';

export const pastSalesWords = {
  button: 'Import past sales (CSV)',
  help: 'One row a sale: Sold date (2026-03-14), Marketplace and Price; Listed date, Title, SKU, Brand, Category, Size, Source, Cost, Shipping charged, Fees and Shipping cost if you have them.',
  imported: (imported: number, already: number) =>
    `Imported ${imported} ${imported === 1 ? 'sale' : 'sales'}.${already ? ` ${already} were imported before and left as they were.` : ''}`,
  problems: 'Nothing was imported. Fix these lines and import the file again:',
  checking: 'Checking every line…',
  writing: (done: number, rows: number) => `Importing your sales: ${formatNumber(done)} of ${formatNumber(rows)} lines…`,
  progressLabel: 'Past sales import',
} as const;

/** How often a spreadsheet being written is asked how far it got. */
const PROGRESS_POLL_MS = 500;

/** GET the spreadsheet's import while its job writes it (every half second until it is over). */
function useFileImport(started: PastSalesFileImport | undefined) {
  return useQuery({
    queryKey: ['what-sells', 'past-sales', 'file', started?.id],
    enabled: !!started,
    initialData: started && { import: started },
    queryFn: ({ signal }) => callRoute(whatSellsApi.pastSalesFile, { params: { id: started!.id }, signal }),
    refetchInterval: (query) => (query.state.data?.import.status === 'writing' ? PROGRESS_POLL_MS : false),
  });
}

/** A spreadsheet of the seller's past sales, read in the browser and sent whole: each row once, or none with the lines to fix. */
export function PastSalesImport() {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: async (file: File) => callRoute(whatSellsApi.importPastSales, { body: { csv: await file.text(), locale: moneyLocale() } }),
    onSuccess: (answer) => {
      if (answer.imported > 0) void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
  });
  const answer = send.data;
  const file = useFileImport(answer?.import).data?.import;
  const written = file?.status === 'done';
  // The job's sales are in the groups once it is done.
  useEffect(() => {
    if (written) void queryClient.invalidateQueries({ queryKey: itemKeys.all });
  }, [written, queryClient]);
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`${inputId}-heading`}
    >
      <div>
        <h2 id={`${inputId}-heading`} className="text-sm font-semibold text-slate-900">
          Your history
        </h2>
      </div>
      <MarketplacePastSales />
      <p className="text-xs text-slate-500">{pastSalesWords.help}</p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label={pastSalesWords.button}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) send.mutate(file);
          event.target.value = '';
        }}
      />
      <Button variant="secondary" className="self-start" loading={send.isPending} onClick={() => input.current?.click()}>
        {!send.isPending && <UploadIcon className="size-5" />}
        {pastSalesWords.button}
      </Button>
      {send.isPending && (
        <p className="text-sm text-slate-600" role="status">
          {pastSalesWords.checking}
        </p>
      )}
      {send.isError && <Alert tone="error">{send.error.message}</Alert>}
      {file?.status === 'writing' && <FileProgress file={file} />}
      {file?.status === 'failed' && <Alert tone="error">{file.error}</Alert>}
      {answer && answer.problems.length === 0 && (!file || file.status === 'done') && (
        <p className="text-sm text-emerald-700" role="status">
          {pastSalesWords.imported(file?.imported ?? answer.imported, file?.alreadyImported ?? answer.alreadyImported)}
        </p>
      )}
      {answer && answer.problems.length > 0 && (
        <Alert tone="error" title={pastSalesWords.problems}>
          <ul className="list-disc pl-5">
            {answer.problems.slice(0, 20).map((problem) => (
              <li key={`${problem.line} ${problem.message}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
          {answer.problems.length > 20 && <p>and {answer.problems.length - 20} more.</p>}
        </Alert>
      )}
    </section>
  );
}

/** The job's progress: a bar of the lines gone through, and the same in words. */
function FileProgress({ file }: { file: PastSalesFileImport }) {
  return (
    <div className="flex flex-col gap-1" data-testid="past-sales-progress">
      <progress
        className="h-2 w-full max-w-md accent-indigo-600"
        max={file.rows}
        value={file.done}
        aria-label={pastSalesWords.progressLabel}
      />
      <p className="text-sm text-slate-600" role="status">
        {pastSalesWords.writing(file.done, file.rows)}
      </p>
    </div>
  );
}
