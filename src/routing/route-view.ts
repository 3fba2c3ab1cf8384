import type { MessageDescriptor } from '@lingui/core';

/** What the route table hands every screen: its title, as the header and document title say it. */
export interface RouteView {
  title: MessageDescriptor;
}
