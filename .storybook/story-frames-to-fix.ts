/**
 * Pairs of route stories found ending on one picture when the frame check came in (issue 23),
 * not yet fixed: each must come to show its own state (or be merged) and leave this list. The
 * check lets exactly these pairs pass, by file and story name, and nothing else.
 */
export const SAME_FRAMES_TO_FIX: Record<string, [string, string][]> = {
  'stories/routes/auth/LoginRoute.stories.tsx': [['Empty', 'Second Factor']],
  'stories/routes/auth/PersonalDataRoute.stories.tsx': [['Loaded', 'Load Failed']],
  'stories/routes/shell/ShellPages.stories.tsx': [
    ['Landing Visitor', 'Landing First'],
    ['Logout Confirmed', 'Logout Fails Then Retries'],
  ],
  'stories/routes/shell/StatusScreens.stories.tsx': [['Default Status', 'Without Message']],
  'stories/routes/support/ArticleRoute.stories.tsx': [['Company Page', 'Failed']],
  'stories/routes/support/SupportRoute.stories.tsx': [
    ['New Answer Is Read', 'File Too Large'],
    ['Empty Thread', 'Thread Failed'],
  ],
};
