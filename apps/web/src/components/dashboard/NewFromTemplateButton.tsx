import { TEMPLATES } from '@weft/core';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/Button';
import { ChevronDownIcon, SparklesIcon } from '../ui/icons';
import { MenuButton } from '../ui/MenuButton';
import { menuItemClasses, useMenu } from '../ui/useMenu';

/**
 * "From template": the gallery's templates in a menu; each opens `/editor?template=<id>`,
 * which creates the workflow and lists what it still needs.
 */
export function NewFromTemplateButton() {
  const menu = useMenu();
  return (
    <MenuButton
      menu={menu}
      button={{ className: buttonClasses('secondary') }}
      trigger={
        <>
          <SparklesIcon size={16} />
          From template
          <ChevronDownIcon size={14} className={`transition-transform ${menu.open ? 'rotate-180' : ''}`} />
        </>
      }
      panelClassName="w-80"
    >
      {TEMPLATES.map((template) => (
        <Link
          key={template.id}
          to={`/editor?template=${encodeURIComponent(template.id)}`}
          role="menuitem"
          className={`${menuItemClasses} !items-start flex-col !gap-0.5`}
          onClick={() => menu.close(false)}
        >
          <span className="font-medium text-ink">{template.name}</span>
          <span className="text-xs leading-5 text-muted">{template.summary}</span>
        </Link>
      ))}
      <hr className="-mx-1.5 my-1 border-line" />
      <Link to="/gallery" role="menuitem" className={menuItemClasses} onClick={() => menu.close(false)}>
        Browse the gallery
      </Link>
    </MenuButton>
  );
}
