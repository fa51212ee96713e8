// The repair board's columns, one per stage, and the job cards in them: each card a drag handle
// (@dnd-kit) and a "Move to …" button for the next stage.
import { Link } from 'wouter';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { formatCalendarDate } from '#shared/format/dates.ts';
import type { RepairJobSummary, RepairStage } from '#shared/schemas/repair-jobs.ts';
import { Button } from '#client/components/ui/button.tsx';
import { screenHref } from '#client/lib/screen-links.ts';
import { useShop } from '#client/lib/shop.ts';
import { daysInShopLabel, repairDays } from '#shared/repair-days.ts';

export function StageColumn({
  stage,
  next,
  jobs,
  onMove,
}: {
  stage: RepairStage;
  next: RepairStage | undefined;
  jobs: RepairJobSummary[];
  onMove: (id: number, stageId: number) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${stage.id}` });
  const headingId = `stage-heading-${stage.id}`;
  return (
    <section
      ref={setNodeRef}
      className={`repair-board__column${isOver ? ' is-over' : ''}`}
      aria-labelledby={headingId}
      data-testid={`stage-${stage.name}`}
    >
      <h2 id={headingId} className="repair-board__stage">
        {stage.name} <span className="repair-board__count">({jobs.length})</span>
      </h2>
      <ul className="repair-board__jobs">
        {jobs.map((job) => (
          <JobCard key={job.id} job={job} next={next} onMove={onMove} />
        ))}
      </ul>
    </section>
  );
}

function JobCard({
  job,
  next,
  onMove,
}: {
  job: RepairJobSummary;
  next: RepairStage | undefined;
  onMove: (id: number, stageId: number) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `job-${job.id}`,
    data: { stageId: job.stage_id },
  });
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const days = repairDays(job, new Date(), timeZone);
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li ref={setNodeRef} style={style} className={`repair-card${isDragging ? ' is-dragging' : ''}`}>
      <button
        type="button"
        className="repair-card__handle"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${job.reference}, ${job.vehicle}`}
      >
        ⠿
      </button>
      <div className="repair-card__body">
        <Link href={screenHref('adminRepair', { id: job.id })} className="repair-card__link">
          {job.vehicle}
        </Link>
        <p className="repair-card__meta">
          {job.registration ?? job.reference} · {job.customer_name}
        </p>
        <p className="repair-card__meta">Ready {formatCalendarDate(job.promised_ready_on)}</p>
        <p className="repair-card__meta" data-testid="repair-card-days">
          {daysInShopLabel(days.daysInShop)}
        </p>
        {days.overdueDays > 0 && (
          <p className="repair-card__overdue" data-testid="repair-card-overdue">
            Overdue by {days.overdueDays} {days.overdueDays === 1 ? 'day' : 'days'}
          </p>
        )}
        {job.message_count > 0 && <p className="repair-card__meta">{job.message_count} message(s)</p>}
        {job.paid_ready_to_collect && (
          <p className="repair-card__meta repair-card__paid" data-testid="card-paid-ready">
            Paid, ready to collect
          </p>
        )}
        {next && (
          <Button variant="secondary" className="repair-card__next" onClick={() => onMove(job.id, next.id)}>
            Move to {next.name}
          </Button>
        )}
      </div>
    </li>
  );
}
