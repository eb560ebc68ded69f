import { useScript } from '../lib/script';

/**
 * Text from the catalogue or from the server (names, titles, article text) in the current
 * script: `<Text>{person.name}</Text>`.
 */
export function Text({ children }: { children: string | null | undefined }) {
  const script = useScript();
  return <>{children ? script.text(children) : null}</>;
}
