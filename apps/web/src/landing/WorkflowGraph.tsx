import { useId } from 'react';
import { Icon } from '../components/ui/named-icon';
import { categorySwatch, dataTypeSwatch } from '../lib/palette';
import { type GraphEdge, type GraphLayout, type GraphNode, HERO_EDGES, HERO_NODES } from './hero-graph-data';
import { useReducedMotion } from './useReducedMotion';

type Point = { x: number; y: number };

const HEADER = 52;
const ROW = 22;

function nodeHeight(node: GraphNode, layout: GraphLayout): number {
  if (layout.orientation === 'vertical') return 58;
  const rows = Math.max(node.inputs.length, node.outputs.length);
  return rows === 0 ? HEADER + 6 : HEADER + rows * ROW + 10;
}

function portPoint(node: GraphNode, layout: GraphLayout, side: 'in' | 'out', index: number): Point {
  const p = layout.positions[node.id] ?? { x: 0, y: 0 };
  const w = layout.nodeWidth;
  if (layout.orientation === 'horizontal') return { x: side === 'in' ? p.x : p.x + w, y: p.y + HEADER + 14 + index * ROW };
  const count = side === 'in' ? node.inputs.length : node.outputs.length;
  return { x: p.x + (w * (index + 1)) / (count + 1), y: side === 'in' ? p.y : p.y + nodeHeight(node, layout) };
}

function edgeGeometry(a: Point, b: Point, layout: GraphLayout): { d: string; mid: Point } {
  let c1: Point;
  let c2: Point;
  if (layout.orientation === 'horizontal') {
    const dx = Math.max(50, (b.x - a.x) * 0.5);
    c1 = { x: a.x + dx, y: a.y };
    c2 = { x: b.x - dx, y: b.y };
  } else {
    const dy = Math.max(36, (b.y - a.y) * 0.5);
    c1 = { x: a.x, y: a.y + dy };
    c2 = { x: b.x, y: b.y - dy };
  }
  const mid = { x: (a.x + 3 * c1.x + 3 * c2.x + b.x) / 8, y: (a.y + 3 * c1.y + 3 * c2.y + b.y) / 8 };
  return { d: `M${a.x} ${a.y} C${c1.x} ${c1.y} ${c2.x} ${c2.y} ${b.x} ${b.y}`, mid };
}

/** The hero's stylised workflow: nodes, typed ports, auto-inserted converters, live run state. */
export function WorkflowGraph({ layout, className = '' }: { layout: GraphLayout; className?: string }) {
  const prefix = useId().replace(/:/g, '');
  const reduced = useReducedMotion();
  const byId = new Map(HERO_NODES.map((n) => [n.id, n]));
  return (
    <svg viewBox={`0 0 ${layout.width} ${layout.height}`} className={className} aria-hidden="true" focusable="false">
      <defs>
        <filter id={`${prefix}-shadow`} x="-20%" y="-20%" width="140%" height="160%">
          <feDropShadow dx="0" dy="3" stdDeviation="5" floodColor="#000" floodOpacity="0.09" />
        </filter>
        {HERO_EDGES.map((edge, i) => {
          const from = byId.get(edge.from);
          const to = byId.get(edge.to);
          if (!from || !to) return null;
          const a = portPoint(from, layout, 'out', edge.fromPort);
          const b = portPoint(to, layout, 'in', edge.toPort);
          return (
            <linearGradient key={`${edge.from}-${edge.to}`} id={`${prefix}-edge-${i}`} gradientUnits="userSpaceOnUse" x1={a.x} y1={a.y} x2={b.x} y2={b.y}>
              <stop offset="0.3" stopColor={dataTypeSwatch(edge.type).hex} />
              <stop offset="0.7" stopColor={dataTypeSwatch(to.inputs[edge.toPort] ?? edge.type).hex} />
            </linearGradient>
          );
        })}
      </defs>
      {HERO_EDGES.map((edge, i) => (
        <Edge key={`${edge.from}-${edge.to}`} edge={edge} index={i} prefix={prefix} layout={layout} byId={byId} animate={!reduced} />
      ))}
      {HERO_NODES.map((node) => (
        <Node key={node.id} node={node} layout={layout} prefix={prefix} animate={!reduced} />
      ))}
    </svg>
  );
}

interface EdgeProps {
  edge: GraphEdge;
  index: number;
  prefix: string;
  layout: GraphLayout;
  byId: Map<string, GraphNode>;
  animate: boolean;
}

function Edge({ edge, index, prefix, layout, byId, animate }: EdgeProps) {
  const from = byId.get(edge.from);
  const to = byId.get(edge.to);
  if (!from || !to) return null;
  const { d, mid } = edgeGeometry(portPoint(from, layout, 'out', edge.fromPort), portPoint(to, layout, 'in', edge.toPort), layout);
  const idle = to.status === 'idle';
  const label = edge.converter;
  const labelWidth = label ? label.length * 6 + 20 : 0;
  return (
    <g>
      <path
        d={d}
        fill="none"
        stroke={idle ? undefined : `url(#${prefix}-edge-${index})`}
        className={idle ? 'stroke-subtle' : ''}
        strokeWidth={2}
        strokeDasharray={idle ? '5 6' : undefined}
        strokeOpacity={idle ? 0.7 : 0.9}
      />
      {edge.active && animate && (
        <path d={d} fill="none" stroke="#fff" strokeOpacity={0.75} strokeWidth={2} strokeDasharray="3 17" strokeLinecap="round">
          <animate attributeName="stroke-dashoffset" from="40" to="0" dur="1.1s" repeatCount="indefinite" />
        </path>
      )}
      {label && (
        <g transform={`translate(${mid.x - labelWidth / 2} ${mid.y - 10})`}>
          <rect width={labelWidth} height={20} rx={10} className="fill-surface" stroke={dataTypeSwatch(edge.type).hex} strokeOpacity={0.55} />
          <text x={labelWidth / 2} y={13.5} textAnchor="middle" className="fill-muted" fontSize={10.5} fontWeight={500}>
            {label}
          </text>
        </g>
      )}
    </g>
  );
}

function Node({ node, layout, prefix, animate }: { node: GraphNode; layout: GraphLayout; prefix: string; animate: boolean }) {
  const p = layout.positions[node.id] ?? { x: 0, y: 0 };
  const w = layout.nodeWidth;
  const h = nodeHeight(node, layout);
  const swatch = categorySwatch(node.category);
  const horizontal = layout.orientation === 'horizontal';
  const running = node.status === 'running';
  return (
    <g transform={`translate(${p.x} ${p.y})`}>
      {running && <rect x={-4} y={-4} width={w + 8} height={h + 8} rx={16} className="fill-brand" fillOpacity={0.12} />}
      <rect
        width={w}
        height={h}
        rx={12}
        className={`fill-surface ${running ? 'stroke-brand' : 'stroke-line'}`}
        strokeWidth={running ? 1.5 : 1}
        filter={`url(#${prefix}-shadow)`}
      />
      <rect x={12} y={horizontal ? 12 : 15} width={28} height={28} rx={8} fill={swatch.hex} fillOpacity={0.14} />
      <svg x={17} y={horizontal ? 17 : 20} width={18} height={18} viewBox="0 0 24 24" style={{ color: swatch.hex }} aria-hidden="true">
        <Icon name={node.icon} size={24} strokeWidth={2} />
      </svg>
      <text x={50} y={horizontal ? 24 : 27} className="fill-ink" fontSize={horizontal ? 15 : 13} fontWeight={600}>
        {node.title}
      </text>
      <text x={50} y={horizontal ? 40 : 43} className="fill-subtle" fontSize={horizontal ? 12 : 11}>
        {node.subtitle}
      </text>
      <StatusDot status={node.status} x={horizontal ? w - 16 : w - 3} y={horizontal ? 18 : 3} animate={animate} />
      {horizontal && (node.inputs.length > 0 || node.outputs.length > 0) && <line x1={0} x2={w} y1={HEADER} y2={HEADER} className="stroke-line" />}
      {node.inputs.map((type, i) => (
        <Port key={`in-${type}`} node={node} layout={layout} side="in" index={i} type={type} />
      ))}
      {node.outputs.map((type, i) => (
        <Port key={`out-${type}`} node={node} layout={layout} side="out" index={i} type={type} />
      ))}
    </g>
  );
}

function Port({ node, layout, side, index, type }: { node: GraphNode; layout: GraphLayout; side: 'in' | 'out'; index: number; type: string }) {
  const origin = layout.positions[node.id] ?? { x: 0, y: 0 };
  const at = portPoint(node, layout, side, index);
  const x = at.x - origin.x;
  const y = at.y - origin.y;
  const hex = dataTypeSwatch(type).hex;
  return (
    <g>
      {layout.orientation === 'horizontal' && (
        <text x={side === 'in' ? 14 : layout.nodeWidth - 14} y={y + 4} textAnchor={side === 'in' ? 'start' : 'end'} className="fill-muted" fontSize={12}>
          {type}
        </text>
      )}
      <circle cx={x} cy={y} r={5} fill={hex} className="stroke-surface" strokeWidth={2.5} />
    </g>
  );
}

function StatusDot({ status, x, y, animate }: { status: GraphNode['status']; x: number; y: number; animate: boolean }) {
  if (status === 'succeeded') {
    return (
      <g transform={`translate(${x} ${y})`}>
        <circle r={7} className="fill-ok stroke-surface" strokeWidth={2} />
        <path d="M-3 0.2l2 2 4-4.2" fill="none" stroke="#fff" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
      </g>
    );
  }
  if (status === 'running') {
    return (
      <g transform={`translate(${x} ${y})`}>
        {animate && (
          <circle r={5} className="fill-brand" fillOpacity={0.5}>
            <animate attributeName="r" values="5;11;5" dur="1.6s" repeatCount="indefinite" />
            <animate attributeName="fill-opacity" values="0.5;0;0.5" dur="1.6s" repeatCount="indefinite" />
          </circle>
        )}
        <circle r={5} className="fill-brand stroke-surface" strokeWidth={2} />
      </g>
    );
  }
  return <circle cx={x} cy={y} r={5.5} className="fill-surface stroke-subtle" strokeWidth={1.5} />;
}
