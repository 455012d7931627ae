import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';

import styles from './menu.module.css';

type MenuContextValue = { close: (returnFocus: boolean) => void };

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(): MenuContextValue {
  const context = useContext(MenuContext);
  if (!context) throw new Error('Menu items must be rendered inside a <Menu>');
  return context;
}

type MenuProps = {
  /** The menu's accessible name. */
  label: string;
  /** The trigger button's content, and its accessible name when the content is not text. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  /** Non-interactive content above the items (who is signed in, for example). */
  header?: ReactNode;
  children: ReactNode;
};

const items = (menu: HTMLElement) => Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]'));

/**
 * A menu button (WAI-ARIA menu pattern): the trigger has `aria-haspopup="menu"` and
 * `aria-expanded`; Enter, Space or ArrowDown open it on the first item and ArrowUp on the last;
 * ArrowUp/ArrowDown/Home/End and a typed letter move between items; Escape closes it and gives
 * focus back to the trigger; Tab or a click elsewhere closes it.
 */
export function Menu({ label, trigger, triggerLabel, triggerClassName, header, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const menu = menuRef.current;
    if (menu) {
      const all = items(menu);
      (focusOnOpen === 'last' ? all[all.length - 1] : all[0])?.focus();
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen, close]);

  const openAt = (where: 'first' | 'last') => {
    setFocusOnOpen(where);
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const menu = menuRef.current;
    if (!menu) return;
    const all = items(menu);
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index < 0 ? all.length - 1 : index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(all.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(true);
        break;
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const key = event.key.toLowerCase();
          const ordered = [...all.slice(index + 1), ...all.slice(0, index + 1)];
          const match = ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(key));
          if (match) {
            event.preventDefault();
            match.focus();
          }
        }
    }
  };

  return (
    <MenuContext.Provider value={{ close }}>
      <div ref={rootRef} className={styles.root}>
        <button
          ref={triggerRef}
          type="button"
          className={triggerClassName}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          aria-label={triggerLabel}
          onClick={() => (open ? close(false) : openAt('first'))}
          onKeyDown={onTriggerKeyDown}
        >
          {trigger}
        </button>
        {open ? (
          <div className={styles.popover}>
            {header ? <div className={styles.header}>{header}</div> : null}
            <div ref={menuRef} id={menuId} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKeyDown}>
              {children}
            </div>
          </div>
        ) : null}
      </div>
    </MenuContext.Provider>
  );
}

type ItemBase = { children: ReactNode; icon?: ReactNode; tone?: 'default' | 'danger' };

/** An action. */
export function MenuItem({ children, icon, tone = 'default', onSelect }: ItemBase & { onSelect: () => void }) {
  const { close } = useMenu();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={`${styles.item} ${tone === 'danger' ? styles.danger : ''}`}
      onClick={() => {
        close(true);
        onSelect();
      }}
    >
      {icon}
      <span>{children}</span>
    </button>
  );
}

/** A route of the app. */
export function MenuLink({ children, icon, to }: ItemBase & { to: string }) {
  const { close } = useMenu();
  return (
    <Link
      role="menuitem"
      tabIndex={-1}
      to={to}
      className={styles.item}
      onClick={() => close(false)}
      onKeyDown={(event) => {
        if (event.key === ' ') {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
    >
      {icon}
      <span>{children}</span>
    </Link>
  );
}

/** Another site, opened in a new tab. */
export function MenuExternalLink({ children, icon, href }: ItemBase & { href: string }) {
  const { close } = useMenu();
  return (
    <a
      role="menuitem"
      tabIndex={-1}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={styles.item}
      onClick={() => close(false)}
      onKeyDown={(event) => {
        if (event.key === ' ') {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
    >
      {icon}
      <span>{children}</span>
    </a>
  );
}

export function MenuSeparator() {
  return <div role="separator" className={styles.separator} />;
}
