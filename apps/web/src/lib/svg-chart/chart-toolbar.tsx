import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { Box, Button, IconButton } from '@mui/material';
import type { ReactNode } from 'react';

/** The toolbar's texts, from the page's catalogue. */
export interface ChartToolbarLabels {
  toolbar: string;
  downloadSvg: string;
  downloadPng: string;
  print: string;
  /** The zoom buttons' texts: a chart that always fits its frame (the fan) has none. */
  zoomIn?: string;
  zoomOut?: string;
  resetView?: string;
}

export interface ChartToolbarProps {
  labels: ChartToolbarLabels;
  renderText: (text: string) => ReactNode;
  /** Zoom in, out and back to the first view; without them, no zoom buttons. */
  zoom?: { onZoomIn: () => void; onZoomOut: () => void; onReset: () => void };
  onDownloadSvg: () => void;
  onDownloadPng: () => void;
  onPrint: () => void;
  /** More controls after the print button (the tree's "Басып чыгаруу" dialog). */
  extra?: ReactNode;
}

const iconButton = { width: 44, height: 44 } as const;

/**
 * Zoom (when the chart zooms) and export buttons above a chart (native `title` hints: MUI's Tooltip would add 3 KB
 * to the /search page's first paint); on phones the long labels shrink to icons. Shown
 * labels go through `renderText`; aria-labels keep the Cyrillic for screen readers.
 */
export function ChartToolbar({
  labels,
  renderText,
  zoom,
  onDownloadSvg,
  onDownloadPng,
  onPrint,
  extra,
}: ChartToolbarProps) {
  return (
    <Box
      role="toolbar"
      aria-label={labels.toolbar}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 0.5,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {zoom && (
        <>
          <IconButton
            aria-label={labels.zoomOut}
            title={labels.zoomOut}
            onClick={zoom.onZoomOut}
            sx={iconButton}
          >
            <ZoomOutIcon />
          </IconButton>
          <IconButton
            aria-label={labels.zoomIn}
            title={labels.zoomIn}
            onClick={zoom.onZoomIn}
            sx={iconButton}
          >
            <ZoomInIcon />
          </IconButton>
          <IconButton
            aria-label={labels.resetView}
            title={labels.resetView}
            onClick={zoom.onReset}
            sx={iconButton}
          >
            <CenterFocusStrongIcon />
          </IconButton>
        </>
      )}
      <Box sx={{ flex: 1 }} />
      <Button
        onClick={onDownloadSvg}
        startIcon={<DownloadIcon />}
        aria-label={labels.downloadSvg}
        sx={{ minHeight: 44 }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {renderText(labels.downloadSvg)}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }} aria-hidden="true">
          SVG
        </Box>
      </Button>
      <Button
        onClick={onDownloadPng}
        startIcon={<DownloadIcon />}
        aria-label={labels.downloadPng}
        sx={{ minHeight: 44 }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {renderText(labels.downloadPng)}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }} aria-hidden="true">
          PNG
        </Box>
      </Button>
      <Button
        onClick={onPrint}
        aria-label={labels.print}
        title={labels.print}
        sx={{ minHeight: 44, minWidth: 44 }}
      >
        <PrintIcon />
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, ml: 1 }}>
          {renderText(labels.print)}
        </Box>
      </Button>
      {extra}
    </Box>
  );
}
