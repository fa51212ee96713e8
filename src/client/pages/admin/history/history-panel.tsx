/**
 * The History panel of an edit screen: the item's versions, newest first, a page at a time
 * (Show older loads the next); any one compared side by side with the current item (its fields
 * are fetched when it is compared); Restore, which keeps the result as a new version and refreshes
 * the public site like any save.
 */
import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { ContentKind } from '#shared/value-sets.ts';
import type { History, VersionSummary } from '#shared/schemas/versions.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { compareVersion, type FieldComparison, type GalleryImageEntry, type Word } from './version-fields.ts';

export interface HistoryPanelProps {
  kind: ContentKind;
  id: number;
  /** After a restore: the screen reloads its item (and resets its form). */
  onRestored: () => void | Promise<void>;
}

export function HistoryPanel({ kind, id, onRestored }: HistoryPanelProps) {
  const history = useInfiniteQuery(
    trpc.versions.history.infiniteQueryOptions({ kind, id }, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
  );
  const [comparing, setComparing] = useState<number | null>(null);
  const [message, flash] = useFlash(ADMIN_BANNER_MS);
  const confirm = useConfirm();
  const dates = useDateFormat();
  const restore = useMutation(
    trpc.versions.restore.mutationOptions({
      onSuccess: async (restored) => {
        setComparing(null);
        flash(`Version ${restored.restored_from} restored as version ${restored.number}.`);
        await queryClient.invalidateQueries();
        await onRestored();
      },
    }),
  );

  async function onRestore(version: VersionSummary) {
    if (await confirm()) restore.mutate({ id: version.id });
  }

  const first = history.data?.pages[0];
  const shown = history.data?.pages.flatMap((page) => page.versions) ?? [];
  return (
    <section className="admin-section history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {message && <Alert tone="success">{message}</Alert>}
      <ErrorSummary error={history.error ?? restore.error} />
      {history.isPending ? (
        <Spinner label="Loading history…" />
      ) : first && shown.length === 0 ? (
        <p className="history__empty">No versions yet: each save keeps one.</p>
      ) : (
        first && (
          <>
            <ol className="history__list">
              {shown.map((version, index) => (
                <li key={version.id} className="history__version">
                  <div className="history__row">
                    <span className="history__what">
                      <strong>Version {version.number}</strong>
                      {index === 0 && ' (current)'} · {formatDateTime(version.created_at, dates)} ·{' '}
                      {version.author ?? 'Before history began'}
                      {version.restored_from !== null && ` · restored from version ${version.restored_from}`}
                    </span>
                    <span className="history__actions">
                      <Button
                        variant="secondary"
                        aria-expanded={comparing === version.id}
                        aria-controls={`history-compare-${version.id}`}
                        onClick={() => setComparing(comparing === version.id ? null : version.id)}
                      >
                        {comparing === version.id ? 'Hide comparison' : 'Compare'}
                        <span className="visually-hidden"> version {version.number}</span>
                      </Button>
                      {index > 0 && (
                        <Button
                          variant="secondary"
                          loading={restore.isPending && restore.variables?.id === version.id}
                          onClick={() => void onRestore(version)}
                        >
                          Restore<span className="visually-hidden"> version {version.number}</span>
                        </Button>
                      )}
                    </span>
                  </div>
                  {comparing === version.id && (
                    <div id={`history-compare-${version.id}`}>
                      <Comparison kind={kind} history={first} version={version} />
                    </div>
                  )}
                </li>
              ))}
            </ol>
            {history.hasNextPage && (
              <div className="history__more">
                <Button variant="secondary" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                  Show older<span className="visually-hidden"> versions</span>
                </Button>
              </div>
            )}
            {history.isFetchingNextPage && <Spinner label="Loading older versions…" />}
          </>
        )
      )}
    </section>
  );
}

/** The version's fields (fetched now: the history's pages do not carry them) beside the current item's. */
function Comparison({ kind, history, version }: { kind: ContentKind; history: History; version: VersionSummary }) {
  const detail = useQuery(trpc.versions.version.queryOptions({ id: version.id }));
  if (detail.isPending) return <Spinner label={`Loading version ${version.number}…`} />;
  if (!detail.data) return <ErrorSummary error={detail.error} />;
  const thumbs = { ...history.thumbs, ...detail.data.thumbs };
  const fields = compareVersion(kind, detail.data.version.data, history.current);
  if (fields.length === 0) return <p className="history__same">This version is the same as the current one.</p>;
  return (
    <table className="admin-table history__compare">
      <caption className="visually-hidden">Version {version.number} compared with the current one</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Version {version.number}</th>
          <th scope="col">Current</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.key}>
            <th scope="row">{field.label}</th>
            <td>
              <Side field={field} side="left" thumbs={thumbs} />
            </td>
            <td>
              <Side field={field} side="right" thumbs={thumbs} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Side({ field, side, thumbs }: { field: FieldComparison; side: 'left' | 'right'; thumbs: Record<string, string> }) {
  if (field.type === 'text') return <Words words={field[side]} />;
  if (field.type === 'image') return <Thumb imageId={field[side]} thumbs={thumbs} alt={`${field.label} of this version`} />;
  return <ImageRow images={field[side]} thumbs={thumbs} />;
}

function Words({ words }: { words: Word[] }) {
  if (words.length === 0 || words.every((word) => word.value.trim() === '')) return <span className="history__none">(empty)</span>;
  return (
    <span className="history__text">
      {words.map((word, index) =>
        word.change === 'added' ? (
          <ins key={index}>{word.value}</ins>
        ) : word.change === 'removed' ? (
          <del key={index}>{word.value}</del>
        ) : (
          <span key={index}>{word.value}</span>
        ),
      )}
    </span>
  );
}

function Thumb({ imageId, thumbs, alt }: { imageId: number | null; thumbs: Record<string, string>; alt: string }) {
  if (imageId === null) return <span className="history__none">(none)</span>;
  const url = thumbs[String(imageId)];
  if (!url) return <span className="history__none">(picture no longer kept)</span>;
  return <img className="history__thumb" src={url} alt={alt} loading="lazy" />;
}

function ImageRow({ images, thumbs }: { images: GalleryImageEntry[]; thumbs: Record<string, string> }) {
  if (images.length === 0) return <span className="history__none">(no images)</span>;
  return (
    <ol className="history__images">
      {images.map((image, index) => (
        <li key={`${image.image_id}-${index}`}>
          <Thumb imageId={image.image_id} thumbs={thumbs} alt={image.alt || `Image ${index + 1}`} />
          <span>{image.alt || '(no alt text)'}</span>
          {image.link && <span className="history__link">{image.link}</span>}
        </li>
      ))}
    </ol>
  );
}
