import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { uploadPublicImage } from '../api/images';
import { richTextSx } from './rich-html';
import '../../../lib/i18n/areas/content';

export interface RichEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  error?: string;
  disabled?: boolean;
  minHeight?: number;
}

/** An empty editor's HTML: stored as ''. */
function normalize(html: string): string {
  return html === '<p></p>' ? '' : html;
}

function ToolButton({
  label,
  active = false,
  disabled = false,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const script = useScript();
  return (
    <Tooltip title={script.text(label)}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active}
          disabled={disabled}
          onClick={onClick}
          color={active ? 'primary' : 'default'}
          sx={active ? { bgcolor: 'action.selected' } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { t } = useTranslation('content');
  const script = useScript();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState('');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const saved = await uploadPublicImage(file);
      chain().setImage({ src: saved.url, alt: '' }).run();
    } catch (error) {
      void notify(error instanceof ApiError ? error.message : 'errors.generic', { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  const applyLink = () => {
    const url = link.trim();
    if (url === '') {
      chain().extendMarkRange('link').unsetLink().run();
    } else if (!/^(https?:\/\/|mailto:|\/)/i.test(url)) {
      setLinkError(t('editor.badLink'));
      return;
    } else {
      chain().extendMarkRange('link').setLink({ href: url }).run();
    }
    setLinkOpen(false);
    setLinkError('');
  };

  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }}>
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('editor.toolbar')}
        sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.25, p: 0.5 }}
      >
        <ToolButton
          label={`H2 ${t('editor.heading2')}`}
          active={state.h2}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          <Typography component="span" sx={{ fontWeight: 800, fontSize: 15, px: 0.25 }}>
            H2
          </Typography>
        </ToolButton>
        <ToolButton
          label={`H3 ${t('editor.heading3')}`}
          active={state.h3}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          <Typography component="span" sx={{ fontWeight: 800, fontSize: 13, px: 0.25 }}>
            H3
          </Typography>
        </ToolButton>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolButton
          label={t('editor.bold')}
          active={state.bold}
          disabled={disabled}
          onClick={() => chain().toggleBold().run()}
        >
          <FormatBoldIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label={t('editor.italic')}
          active={state.italic}
          disabled={disabled}
          onClick={() => chain().toggleItalic().run()}
        >
          <FormatItalicIcon fontSize="small" />
        </ToolButton>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolButton
          label={t('editor.bulletList')}
          active={state.bullet}
          disabled={disabled}
          onClick={() => chain().toggleBulletList().run()}
        >
          <FormatListBulletedIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label={t('editor.orderedList')}
          active={state.ordered}
          disabled={disabled}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <FormatListNumberedIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label={t('editor.quote')}
          active={state.quote}
          disabled={disabled}
          onClick={() => chain().toggleBlockquote().run()}
        >
          <FormatQuoteIcon fontSize="small" />
        </ToolButton>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolButton
          label={t('editor.link')}
          active={state.link || linkOpen}
          disabled={disabled}
          onClick={() => {
            setLink(String(editor.getAttributes('link').href ?? ''));
            setLinkError('');
            setLinkOpen((open) => !open);
          }}
        >
          <LinkIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label={t('editor.unlink')}
          disabled={disabled || !state.link}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        >
          <LinkOffIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label={t('editor.image')}
          disabled={disabled || uploading}
          onClick={() => fileInput.current?.click()}
        >
          {uploading ? <CircularProgress size={18} /> : <ImageIcon fontSize="small" />}
        </ToolButton>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolButton
          label={t('editor.undo')}
          disabled={disabled || !state.undo}
          onClick={() => chain().undo().run()}
        >
          <UndoIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label={t('editor.redo')}
          disabled={disabled || !state.redo}
          onClick={() => chain().redo().run()}
        >
          <RedoIcon fontSize="small" />
        </ToolButton>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="editor-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Stack>
      {linkOpen && (
        <Stack direction="row" spacing={1} sx={{ p: 1, pt: 0, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            autoFocus
            value={link}
            onChange={(event) => setLink(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              }
              if (event.key === 'Escape') {
                event.stopPropagation();
                setLinkOpen(false);
              }
            }}
            placeholder="https://"
            error={Boolean(linkError)}
            helperText={linkError ? script.text(linkError) : undefined}
            slotProps={{ htmlInput: { 'aria-label': t('editor.linkPrompt') } }}
          />
          <Button
            variant="contained"
            disableElevation
            onClick={applyLink}
            {...script.label(t('common.save'))}
          >
            {script.text(t('common.save'))}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** The WYSIWYG editor (Tiptap): headings, bold/italic, lists, quotes, links, uploaded images. */
export default function RichEditor({
  value,
  onChange,
  label,
  error,
  disabled = false,
  minHeight = 240,
}: RichEditorProps) {
  const script = useScript();
  const labelId = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(normalize(e.getHTML())),
  });

  useEffect(() => {
    // A value from outside (an item loaded after the editor started) replaces the content.
    if (editor && !editor.isDestroyed && normalize(editor.getHTML()) !== value) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Box>
      <Typography
        id={labelId}
        variant="body2"
        color={error ? 'error' : 'text.secondary'}
        sx={{ mb: 0.5 }}
      >
        {script.field(label)}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          '&:focus-within': {
            borderColor: 'primary.main',
            boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`,
          },
        }}
      >
        {editor && <Toolbar editor={editor} disabled={disabled} />}
        <Box
          sx={{
            ...richTextSx,
            px: 2,
            '& .tiptap': { minHeight, outline: 'none', py: 1 },
            '& .tiptap img.ProseMirror-selectednode': {
              outline: '3px solid',
              outlineColor: 'primary.main',
            },
          }}
        >
          <EditorContent editor={editor} data-testid="rich-editor" />
        </Box>
      </Box>
      {error && <FormHelperText error>{script.text(error)}</FormHelperText>}
    </Box>
  );
}
