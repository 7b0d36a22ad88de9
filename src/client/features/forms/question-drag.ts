import { useState, type DragEvent } from 'react';
import { router } from '@inertiajs/react';
import { route } from '@shared/route';

/**
 * The builder's drag and drop: the question being dragged, the place it would be dropped on, and
 * the handlers of each place (a drop moves the question there: `forms.questions.move` with its
 * `position`). The arrows beside each question do the same from the keyboard.
 */
export function useQuestionDrag(questions: ReadonlyArray<{ id: string }>, disabled: boolean) {
  const [drag, setDrag] = useState<{ id: string | null; over: number | null }>({
    id: null,
    over: null,
  });
  const dropTarget = (i: number) =>
    disabled
      ? {}
      : {
          onDragOver: (e: DragEvent) => {
            if (!drag.id) return;
            e.preventDefault();
            if (drag.over !== i) setDrag({ ...drag, over: i });
          },
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const id = drag.id;
            setDrag({ id: null, over: null });
            if (!id || questions[i]?.id === id) return;
            router.post(
              route('forms.questions.move', { formQuestion: id }),
              { position: i + 1 },
              { preserveScroll: true },
            );
          },
        };
  return { drag, setDrag, dropTarget };
}
