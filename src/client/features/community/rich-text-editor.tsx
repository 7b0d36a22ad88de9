import '@mantine/tiptap/styles.css';
import { useEffect, useRef } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Mention from '@tiptap/extension-mention';
import type { SuggestionProps, SuggestionKeyDownProps } from '@tiptap/suggestion';
import type { MentionCandidate } from '@shared/community/community';
import classes from './community.module.css';

export interface RichTextEditorFieldProps {
  label: string;
  value: unknown;
  onChange: (doc: JSONContent) => void;
  members: MentionCandidate[];
  error?: string;
  testId?: string;
  /** a changing key empties the editor (after a post was sent) */
  resetKey?: number;
}

/**
 * The mention picker: a plain list under the caret (no extra UI library): arrow keys move,
 * Enter or Tab picks, Escape closes. Options are buttons with role="option" for screen readers.
 */
function mentionPicker() {
  let el: HTMLDivElement | null = null;
  let props: SuggestionProps<MentionCandidate> | null = null;
  let active = 0;
  const draw = () => {
    if (!el || !props) return;
    el.replaceChildren();
    if (props.items.length === 0) {
      const none = document.createElement('div');
      none.className = classes.mentionEmpty;
      none.textContent = 'No member by that name';
      el.append(none);
    }
    props.items.forEach((item, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('role', 'option');
      b.setAttribute('aria-selected', String(i === active));
      b.className = classes.mentionOption;
      b.textContent = item.label;
      b.addEventListener('mousedown', (e) => {
        e.preventDefault();
        props?.command({ id: item.id, label: item.label });
      });
      el!.append(b);
    });
    const rect = props.clientRect?.();
    if (rect) {
      el.style.left = `${rect.left + window.scrollX}px`;
      el.style.top = `${rect.bottom + window.scrollY + 4}px`;
    }
  };
  return {
    onStart: (p: SuggestionProps<MentionCandidate>) => {
      props = p;
      active = 0;
      el = document.createElement('div');
      el.setAttribute('role', 'listbox');
      el.setAttribute('aria-label', 'Members to mention');
      el.className = classes.mentionList;
      document.body.append(el);
      draw();
    },
    onUpdate: (p: SuggestionProps<MentionCandidate>) => {
      props = p;
      active = Math.min(active, Math.max(0, p.items.length - 1));
      draw();
    },
    onKeyDown: ({ event }: SuggestionKeyDownProps) => {
      if (!props) return false;
      const n = props.items.length;
      if (event.key === 'ArrowDown' && n) active = (active + 1) % n;
      else if (event.key === 'ArrowUp' && n) active = (active + n - 1) % n;
      else if ((event.key === 'Enter' || event.key === 'Tab') && n) {
        const item = props.items[active];
        props.command({ id: item.id, label: item.label });
        return true;
      } else if (event.key === 'Escape') {
        el?.remove();
        el = null;
        return true;
      } else return false;
      draw();
      return true;
    },
    onExit: () => {
      el?.remove();
      el = null;
      props = null;
    },
  };
}

/**
 * Rich text for community posts (Mantine's Tiptap editor): bold, italic, underline, strike,
 * code, headings 2-3, lists, quotes, code blocks, links and @mentions of the community's members.
 * It hands the editor's JSON to the form; the server checks it against its allowlist.
 */
export default function RichTextEditorField({
  label,
  value,
  onChange,
  members,
  error,
  testId,
  resetKey,
}: RichTextEditorFieldProps) {
  const membersRef = useRef(members);
  membersRef.current = members;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      Link.configure({ protocols: ['mailto'], autolink: true }),
      Mention.configure({
        HTMLAttributes: { class: classes.mention },
        suggestion: {
          char: '@',
          items: ({ query }) =>
            membersRef.current
              .filter((m) => m.label.toLowerCase().includes(query.toLowerCase()))
              .slice(0, 8),
          render: mentionPicker,
        },
      }),
    ],
    content: (value as JSONContent | null) ?? '',
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.getJSON()),
  });

  useEffect(() => {
    if (editor && resetKey) editor.commands.clearContent();
  }, [editor, resetKey]);

  return (
    <Input.Wrapper label={label} error={error}>
      <RichTextEditor editor={editor} className={classes.editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
