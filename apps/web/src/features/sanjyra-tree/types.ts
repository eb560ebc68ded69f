import type { ReactNode } from 'react';

/**
 * One person as the tree draws it. The page maps the API's person/children response onto this
 * shape; `child_count` says whether the node can expand before its children are loaded.
 */
export interface TreeNodeData {
  id: number;
  name: string;
  birth_year: number | null;
  death_year: number | null;
  sex: 'M' | 'F' | 'U';
  child_count: number;
  descendant_count?: number;
  /** A public image: the card shows its thumbnail (`SanjyraTreeProps.photoUrl`). */
  photo_file_id?: number | null;
  /** The father's and grandfather's names, that tell namesakes apart (`labels.patronymic`). */
  father_name?: string | null;
  grandfather_name?: string | null;
}

/**
 * Where the tree starts. `root` is the topmost person drawn. With `ancestors` (the male line
 * from `root` down to the focused person's father; `root` itself may be its first element or
 * not) and `focusId`, the tree opens on that line: each ancestor shows only the next one down
 * until expanded, the father's children are loaded, and the focused person is centred.
 * Without them the tree starts at `root`, which is also the focused person.
 */
export interface TreeInitialData {
  root: TreeNodeData;
  ancestors?: TreeNodeData[];
  focusId?: number;
}

/**
 * Every text the component shows or announces itself (the page passes its catalogue's
 * messages); names come from the data.
 */
export interface TreeLabels {
  /** aria-label of the tree. */
  tree: string;
  /** Keyboard help, read by screen readers on entering the tree. */
  keyboardHelp: string;
  toolbar: string;
  downloadSvg: string;
  downloadPng: string;
  print: string;
  zoomIn: string;
  zoomOut: string;
  resetView: string;
  /** "балдары: 5", in the card. */
  childCount: (count: number) => string;
  descendantCount: (count: number) => string;
  expand: string;
  collapse: string;
  /** On an ancestor that shows only the line towards the focused person. */
  showAllChildren: string;
  loading: string;
  loadError: string;
  retry: string;
  openPerson: string;
  lineage: string;
  close: string;
  exportError: string;
  /** Years when one end is unknown, e.g. "?–1920". */
  unknownYear: string;
  /**
   * "Чоткара уулу (Мырзабек)" under the name in the card, to tell namesakes apart; '' when the
   * father is unknown. Without it the card shows the name only.
   */
  patronymic?: (person: TreeNodeData) => string;
}

/** Props of {@link SanjyraTree}. */
export interface SanjyraTreeProps {
  initial: TreeInitialData;
  /** Children of a person in birth order; called once per person unless it failed. */
  loadChildren: (personId: number) => Promise<TreeNodeData[]>;
  /** The URL of a photo's thumbnail; without it the cards show no photos. */
  photoUrl?: (fileId: number) => string;
  /** Link target of the card's "open" button, e.g. `(id) => paths.person(id)`. */
  personHref: (personId: number) => string;
  /**
   * The focused person changed by a user action (click, arrow keys, collapse). The page keeps
   * it in the URL (`/search?person=123`); replace the history entry, do not push.
   */
  onFocusChange?: (personId: number) => void;
  /**
   * The card's "open" link was activated with a plain click; the page navigates with its router.
   * Without it the link navigates by its href.
   */
  onOpenPerson?: (personId: number) => void;
  /** Shows a name (server text); the shell converts it to runes in old_ky. Default: as is. */
  renderText?: (text: string) => ReactNode;
  /**
   * The same conversion as plain text, for SVG/PNG export and print. Default: the text content of
   * `renderText(text)` when it is a string or host elements around strings, else the text as is.
   */
  exportText?: (text: string) => string;
  /** Every text of the tree, from the page's catalogue. */
  labels: TreeLabels;
  /** Height of the tree's frame; it takes the full width of its parent. */
  height?: number | string;
  /** File name without extension for SVG/PNG downloads. */
  fileName?: string;
  /**
   * More toolbar controls beside the download and print buttons, for the focused person (the
   * print feature's "Басып чыгаруу"; the page passes them in, features do not import each other).
   */
  toolbarExtra?: (focus: { id: number; name: string }) => ReactNode;
}
