// Pattern links (/p/…, docs/patterns-format.md): the screens a link opens, and the "Copy link"
// button the marketplace, the community feed and the library use.
export { LinkProblem } from './LinkProblem';
export { PatternLinkScreen } from './PatternLinkScreen';
export { copyToClipboard, COPY_REFUSED_TEXT, ShareLinkButton, useCopyLink } from './ShareLinkButton';
