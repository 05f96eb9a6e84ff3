import { Box, Scroller } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Children, type ReactNode } from 'react';
import { CAROUSEL_TEXTS } from './texts';
import classes from './widget-carousel.module.css';

/**
 * The dashboard's widget row: cards side by side that scroll horizontally, snapping to a card,
 * with previous/next buttons once they overflow (Mantine has no carousel; Scroller gives the
 * buttons and drag, CSS scroll-snap the card stops).
 */
export function WidgetCarousel({
  children,
  label = CAROUSEL_TEXTS.label,
}: {
  children: ReactNode;
  label?: string;
}) {
  const items = Children.toArray(children).filter(Boolean);
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-label={label} aria-roledescription="carousel" data-testid="widget-carousel">
      <Scroller
        scrollAmount={296}
        draggable={false}
        controlSize={36}
        classNames={{ container: classes.container, content: classes.content, control: classes.control }}
        startControlProps={{ 'aria-label': CAROUSEL_TEXTS.previous }}
        endControlProps={{ 'aria-label': CAROUSEL_TEXTS.next }}
        startControlIcon={<IconChevronLeft size={18} aria-hidden />}
        endControlIcon={<IconChevronRight size={18} aria-hidden />}
      >
        {items.map((item, index) => (
          <div key={index} className={classes.slide} role="group" aria-roledescription="slide">
            {item}
          </div>
        ))}
      </Scroller>
    </Box>
  );
}
