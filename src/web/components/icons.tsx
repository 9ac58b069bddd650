import { createElement, type SVGProps } from 'react';
import { iconShapes, type IconName } from './icon-shapes';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ shape, ...props }: IconProps & { shape: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {iconShapes[shape].map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}

export const CameraIcon = (p: IconProps) => <Icon {...p} shape="camera" />;
export const SparklesIcon = (p: IconProps) => <Icon {...p} shape="sparkles" />;
export const StoreIcon = (p: IconProps) => <Icon {...p} shape="store" />;
export const KeyIcon = (p: IconProps) => <Icon {...p} shape="key" />;
/** Leaving: the arrow points out of the door, away from it (a "log in" arrow points into it). */
export const UserIcon = (p: IconProps) => <Icon {...p} shape="user" />;
export const LogOutIcon = (p: IconProps) => <Icon {...p} shape="logOut" />;
export const BoxIcon = (p: IconProps) => <Icon {...p} shape="box" />;
export const ArrowLeftIcon = (p: IconProps) => <Icon {...p} shape="arrowLeft" />;
export const CheckIcon = (p: IconProps) => <Icon {...p} shape="check" />;
export const BarChartIcon = (p: IconProps) => <Icon {...p} shape="barChart" />;
export const DownloadIcon = (p: IconProps) => <Icon {...p} shape="download" />;
export const XIcon = (p: IconProps) => <Icon {...p} shape="x" />;
export const UploadIcon = (p: IconProps) => <Icon {...p} shape="upload" />;
export const HomeIcon = (p: IconProps) => <Icon {...p} shape="home" />;
export const ImagesIcon = (p: IconProps) => <Icon {...p} shape="images" />;
export const TrashIcon = (p: IconProps) => <Icon {...p} shape="trash" />;
export const PencilIcon = (p: IconProps) => <Icon {...p} shape="pencil" />;
export const FlipCameraIcon = (p: IconProps) => <Icon {...p} shape="flipCamera" />;
export const SlidersIcon = (p: IconProps) => <Icon {...p} shape="sliders" />;
export const GridIcon = (p: IconProps) => <Icon {...p} shape="grid" />;
export const AlertTriangleIcon = (p: IconProps) => <Icon {...p} shape="alertTriangle" />;
export const InfoIcon = (p: IconProps) => <Icon {...p} shape="info" />;
export const RefreshIcon = (p: IconProps) => <Icon {...p} shape="refresh" />;
export const ChevronDownIcon = (p: IconProps) => <Icon {...p} shape="chevronDown" />;
export const SearchIcon = (p: IconProps) => <Icon {...p} shape="search" />;
