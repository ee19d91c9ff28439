import { useQueryClient } from '@tanstack/react-query';
import { Plus, RefreshCw } from 'lucide-react';
import { type DragEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DEAL_STAGES, type Deal, type DealStage } from '../../../shared/deals';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { findPipelineDeal, fitsLoadedStage, useMoveDeal, usePipeline } from './api';
import { DealCard, DRAG_TYPE } from './deal-card';
import { dealsText } from './i18n';
import { CardSkeleton, ColumnFrame, type ColumnHandlers, type FocusTarget, StageColumn } from './pipeline-column';

export default function PipelinePage() {
  const { t } = dealsText.useT();
  const qc = useQueryClient();
  const pipeline = usePipeline();
  const move = useMoveDeal();
  const [dragId, setDragId] = useState<string | null>(null);
  const [overStage, setOverStage] = useState<DealStage | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // 'Failed to fetch deals' once per failure (spec section 8).
  const failedAt = pipeline.isError ? pipeline.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(dealsText.t('messages.fetchFailed'), { id: 'deals-fetch-failed' });
  }, [failedAt]);

  function moveDeal(deal: Deal, stage: DealStage, viaKeyboard: boolean) {
    if (deal.stage === stage) return;
    const shown = fitsLoadedStage(qc, { ...deal, stage }, stage);
    const names = { title: deal.title, stage: enumLabel('dealStage', stage) };
    setAnnouncement(shown ? t('pipeline.moved', names) : t('pipeline.movedBelow', names));
    if (viaKeyboard) setFocusTarget(shown ? { id: deal.id, stage } : { id: null, stage });
    move.mutate(
      { id: deal.id, stage },
      { onError: () => setAnnouncement(t('pipeline.moveFailed', { title: deal.title, stage: enumLabel('dealStage', deal.stage) })) },
    );
  }

  function dropOn(stage: DealStage, e: DragEvent) {
    e.preventDefault();
    const id = e.dataTransfer.getData(DRAG_TYPE) || dragId;
    setDragId(null);
    setOverStage(null);
    const deal = id ? findPipelineDeal(qc, id) : undefined;
    if (deal) moveDeal(deal, stage, false);
  }

  const handlers = (stage: DealStage): ColumnHandlers => ({
    dropActive: overStage === stage,
    dragging: dragId !== null,
    onDragOver: (e) => {
      if (!dragId && !e.dataTransfer.types.includes(DRAG_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (overStage !== stage) setOverStage(stage);
    },
    onDragLeave: (e) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOverStage((s) => (s === stage ? null : s));
    },
    onDrop: (e) => dropOn(stage, e),
  });

  const renderCard = (deal: Deal) => (
    <DealCard
      deal={deal}
      dragging={dragId === deal.id}
      focusMove={focusTarget?.id === deal.id && focusTarget.stage === deal.stage}
      onFocused={() => setFocusTarget(null)}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, deal.id);
        e.dataTransfer.effectAllowed = 'move';
        setDragId(deal.id);
      }}
      onDragEnd={() => {
        setDragId(null);
        setOverStage(null);
      }}
      onMove={(stage) => moveDeal(deal, stage, true)}
    />
  );

  return (
    <>
      <PageHeader
        title={t('pipeline.title')}
        description={t('pipeline.description')}
        actions={
          <Button asChild>
            <Link to="/admin/deals/new">
              <Plus aria-hidden="true" />
              {t('pipeline.newDeal')}
            </Link>
          </Button>
        }
      />
      <div role="status" className="sr-only">
        {pipeline.isPending ? t('pipeline.loading') : announcement}
      </div>
      {pipeline.isError && !pipeline.data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface p-8 text-center">
          <p className="font-medium text-ink-900">{t('messages.fetchFailed')}</p>
          <p className="text-sm text-muted">{t('messages.checkConnection')}</p>
          <Button variant="secondary" onClick={() => void pipeline.refetch()} busy={pipeline.isFetching}>
            <RefreshCw aria-hidden="true" />
            {t('messages.retry')}
          </Button>
        </div>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a named, keyboard-scrollable region on narrow screens
        <div
          role="region"
          aria-label={t('pipeline.stages')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be keyboard reachable
          tabIndex={0}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 focus-visible:outline-offset-[-2px] sm:mx-0 sm:scroll-px-0 sm:px-0 lg:snap-none"
        >
          {DEAL_STAGES.map((stage) =>
            pipeline.data ? (
              <StageColumn
                key={stage}
                stage={stage}
                count={pipeline.data.stages.find((s) => s.stage === stage) ?? { total: 0, totalCapped: false }}
                handlers={handlers(stage)}
                focusColumn={focusTarget?.id === null && focusTarget.stage === stage}
                onFocused={() => setFocusTarget(null)}
                onAnnounce={setAnnouncement}
                renderCard={renderCard}
              />
            ) : (
              <ColumnFrame key={stage} stage={stage} count={null} handlers={handlers(stage)}>
                <CardSkeleton />
                <CardSkeleton />
              </ColumnFrame>
            ),
          )}
        </div>
      )}
    </>
  );
}
