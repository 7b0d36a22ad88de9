import { lazy, Suspense } from 'react';
import { Input, Skeleton } from '@mantine/core';
import type { RichTextEditorFieldProps } from './rich-text-editor';

// Tiptap and Mantine's editor load only when a community page shows an editor
const Editor = lazy(() => import('./rich-text-editor'));

/** The community's rich text field, loaded on demand (a skeleton of its size meanwhile). */
export function RichTextField(props: RichTextEditorFieldProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label}>
          <Skeleton height={170} mt={4} />
        </Input.Wrapper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
