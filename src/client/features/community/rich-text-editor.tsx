import '@mantine/tiptap/styles.css';
import { useEffect, useRef, useState } from 'react';
import { Button, FileButton, Group, Input, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Mention from '@tiptap/extension-mention';
import type { SuggestionProps, SuggestionKeyDownProps } from '@tiptap/suggestion';
import type { MentionCandidate } from '@shared/community/community';
import { route } from '@shared/route';
import { http } from '../../lib/http';
import { ImageNode, LibraryCardNode } from './editor-nodes';
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
  /** the community images are uploaded into (no image button without it) */
  communityId?: string;
  /** titles of the library items the document's cards name */
  cards?: Record<string, string>;
}

/** The documented limit (platform/files/image-sniff.ts IMAGE_LIMITS.bytes) */
const IMAGE_MAX_MB = 5;
/** the alt text's limit in shared/community/rich-text.ts */
const ALT_MAX = 300;
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** The message of a refused upload: the server's words on `file`, or a general one. */
async function uploadError(res: Response) {
  try {
    const body = (await res.json()) as { errors?: { file?: string }; detail?: string };
    return body.errors?.file ?? body.detail ?? 'The image could not be uploaded.';
  } catch {
    return 'The image could not be uploaded.';
  }
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
  communityId,
  cards,
}: RichTextEditorFieldProps) {
  const [pending, setPending] = useState<{ src: string } | null>(null);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState<string | null>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const membersRef = useRef(members);
  membersRef.current = members;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      Link.configure({ protocols: ['mailto'], autolink: true }),
      ImageNode,
      LibraryCardNode.configure({ titles: cards ?? {} }),
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

  const upload = async (file: File | null) => {
    if (!file || !communityId) return;
    setUploadProblem(null);
    if (file.size > IMAGE_MAX_MB * 1024 * 1024) {
      setUploadProblem(`The image is larger than ${IMAGE_MAX_MB} MB.`);
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await http(route('community.images.store', { community: communityId }), {
        method: 'POST',
        body,
      });
      if (!res.ok) setUploadProblem(await uploadError(res));
      else {
        setAlt('');
        setAltError(null);
        setPending({ src: ((await res.json()) as { src: string }).src });
      }
    } catch {
      setUploadProblem('The image could not be uploaded: check your connection and try again.');
    } finally {
      setUploading(false);
    }
  };
  const insert = () => {
    if (!pending || !editor) return;
    if (!alt.trim()) {
      setAltError('Describe the image in a few words for people who cannot see it.');
      return;
    }
    if (alt.length > ALT_MAX) {
      setAltError(`The alt text may be at most ${ALT_MAX} characters.`);
      return;
    }
    editor
      .chain()
      .focus()
      .insertContent({ type: 'image', attrs: { src: pending.src, alt: alt.trim() } })
      .run();
    setPending(null);
  };

  return (
    <Input.Wrapper label={label} error={error ?? uploadProblem}>
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
            {communityId && (
              <FileButton onChange={(f) => void upload(f)} accept={IMAGE_TYPES}>
                {(props) => (
                  <RichTextEditor.Control
                    {...props}
                    aria-label="Add an image"
                    title={`Add an image (PNG, JPEG, WebP or GIF, up to ${IMAGE_MAX_MB} MB)`}
                    disabled={uploading}
                    data-testid="editor-image"
                  >
                    <IconPhoto size={16} stroke={1.5} />
                  </RichTextEditor.Control>
                )}
              </FileButton>
            )}
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <Modal
        opened={!!pending}
        onClose={() => setPending(null)}
        title="Describe the image"
        centered
      >
        <Stack>
          {pending && <img src={pending.src} alt="" style={{ maxWidth: '100%', maxHeight: 240 }} />}
          <TextInput
            label="Alt text"
            description="What the image shows, for people who use a screen reader."
            placeholder="e.g. A tippy tap beside the school latrines"
            value={alt}
            onChange={(e) => setAlt(e.currentTarget.value)}
            error={altError}
            required
            data-autofocus
            data-testid="image-alt"
          />
          <Text size="xs" c="dimmed">
            Members of this community can see the image once you post.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button onClick={insert} data-testid="image-insert">
              Add image
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Input.Wrapper>
  );
}
