/**
 * /admin/repairs: the open repair jobs by stage. Drag a job's handle to another stage's column
 * (@dnd-kit: pointer or keyboard: Space or Enter on the handle, the arrow keys, Space or Enter to
 * drop), or use "Move to …" on the card; on a phone the columns become one list by stage. A form
 * above opens a walk-in's job (a quote request's is opened from its page).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { StageColumn } from './repair-board-columns.tsx';
import { WalkInJobForm } from './walk-in-job-form.tsx';
import './repairs.css';

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a job to another stage, press Space or Enter on its handle, use the arrow keys to reach the stage, then Space or Enter to drop it there, or Escape to cancel. Each card also has a Move to next stage button.',
};

/**
 * The arrow keys move a picked-up job a whole stage at a time: right or down to the next stage's
 * column, left or up to the previous one (the columns in reading order, side by side or stacked).
 */
const byStage: KeyboardCoordinateGetter = (event, { context }) => {
  const step =
    event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { active, over, droppableRects, collisionRect } = context;
  const columns = [...droppableRects.entries()].sort(([, a], [, b]) => a.top - b.top || a.left - b.left);
  const from = over?.id ?? `stage-${String((active?.data.current as { stageId?: number } | undefined)?.stageId)}`;
  const target = columns[columns.findIndex(([id]) => id === from) + step];
  if (!target) return undefined;
  const [, rect] = target;
  return { x: rect.left + (rect.width - (collisionRect?.width ?? 0)) / 2, y: rect.top + 40 };
};

/**
 * Whether the board's columns run past its right (or left) edge: the frame then shows a fade at
 * that edge and says "Scroll for more stages" to screen readers. Measured after render and on
 * every scroll and resize (nothing during the server's render).
 */
function useOverflowCue(ref: RefObject<HTMLDivElement | null>, columns: number) {
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const board = ref.current;
    if (!board) return;
    const measure = () => {
      const left = board.scrollLeft > 1;
      const right = board.scrollLeft + board.clientWidth < board.scrollWidth - 1;
      setEdges((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    board.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(board);
    return () => {
      board.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref, columns]);
  return edges;
}

export function RepairBoardPage() {
  const board = useQuery(trpc.repairJobs.admin.board.queryOptions({}));
  const move = useMutation(
    trpc.repairJobs.admin.move.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.repairJobs.admin.board.queryKey({}) }),
    }),
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: byStage }),
  );
  const stages = board.data?.stages ?? [];
  const boardRef = useRef<HTMLDivElement>(null);
  const more = useOverflowCue(boardRef, board.isPending ? 0 : stages.length);
  const stageName = (id: number) => stages.find((s) => s.id === id)?.name ?? '';

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over) return;
    const job = board.data?.jobs.find((j) => `job-${j.id}` === active.id);
    const stageId = Number(String(over.id).replace('stage-', ''));
    if (job && job.stage_id !== stageId) move.mutate({ id: job.id, stage_id: stageId });
  }

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Repairs</h1>
        <Link href={screenHref('adminRepairStages')}>Edit the stages</Link>
      </div>
      <WalkInJobForm />
      <ErrorSummary error={board.error ?? move.error} />
      {board.isPending ? (
        <Spinner label="Loading the repairs…" />
      ) : (
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: instructions,
            announcements: {
              onDragStart: () => 'Picked up the job.',
              onDragOver: ({ over }) => (over ? `Over ${stageName(Number(String(over.id).replace('stage-', '')))}.` : 'Not over a stage.'),
              onDragEnd: ({ over }) =>
                over ? `Dropped on ${stageName(Number(String(over.id).replace('stage-', '')))}.` : 'Dropped where it was.',
              onDragCancel: () => 'Moving was cancelled.',
            },
          }}
        >
          <div
            className={['repair-board-frame', more.left && 'has-more-left', more.right && 'has-more-right'].filter(Boolean).join(' ')}
            data-testid="repair-board-frame"
          >
            {more.right && (
              <p className="visually-hidden" id="repair-board-more">
                Scroll for more stages
              </p>
            )}
            {/* Focusable when it scrolls, so the keyboard can scroll it too. */}
            <div
              ref={boardRef}
              className="repair-board"
              aria-busy={move.isPending || undefined}
              role="region"
              aria-label="Repair board"
              aria-describedby={more.right ? 'repair-board-more' : undefined}
              tabIndex={more.left || more.right ? 0 : undefined}
            >
              {stages.map((stage, index) => (
                <StageColumn
                  key={stage.id}
                  stage={stage}
                  next={stages[index + 1]}
                  jobs={(board.data?.jobs ?? []).filter((j) => j.stage_id === stage.id)}
                  onMove={(id, stageId) => move.mutate({ id, stage_id: stageId })}
                />
              ))}
            </div>
          </div>
        </DndContext>
      )}
    </>
  );
}
